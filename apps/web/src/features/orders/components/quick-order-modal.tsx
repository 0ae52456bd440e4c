/**
 * Quick order: paste «article quantity» lines or load a CSV/XLSX file; found lines are added to the order (with the
 * stock split), the rest stay in the box with the reason, to correct and retry.
 */
import type { Position, TStorage } from '@portal/contracts';
import { parseQuickOrder, type QuickOrderProblem } from '@portal/domain';
import { Alert, FileButton, Group, List, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertTriangle, IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { PortalModal } from '../../../shared/ui/portal-modal';
import { StatefulButton } from '../../../shared/ui/stateful-button';
import { searchProduct } from '../../../shared/api/search-product';
import { lineUnits } from '../model/working-order';
import { useOrderStore } from '../model/order-store';
import { articleLookup, resolveQuickOrder } from '../quick-order/resolve';
import { readXlsxRows } from '../quick-order/xlsx';

export interface QuickOrderModalProps {
  opened: boolean;
  onClose: () => void;
  /** Adds the found positions to the order; answers how many units the order really took. */
  onAdd: (positions: Position[]) => number;
  contracts: readonly TStorage[];
  priceType?: string;
}

export function QuickOrderModal({ opened, onClose, onAdd, contracts, priceType }: QuickOrderModalProps) {
  const [text, setText] = useState('');
  const [problems, setProblems] = useState<QuickOrderProblem[]>([]);
  const [added, setAdded] = useState<number | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);

  const loadFile = async (file: File | null) => {
    if (!file) return;
    setFileError(null);
    try {
      if (/\.xlsx$/i.test(file.name)) {
        const rows = readXlsxRows(new Uint8Array(await file.arrayBuffer()));
        setText(rows.map((cells) => cells.filter(Boolean).join('\t')).filter(Boolean).join('\n'));
      } else {
        setText(await file.text());
      }
    } catch (error) {
      setFileError((error as Error).message);
    }
  };

  const submit = async () => {
    const parsed = parseQuickOrder(text);
    const inOrder = (productGuid: string, offerGuid: string) => {
      const units = lineUnits(useOrderStore.getState().order, productGuid, offerGuid);
      return units.inStock + units.preorder;
    };
    const resolved = await resolveQuickOrder(parsed.lines, articleLookup(searchProduct, priceType), contracts, inOrder);
    const units = resolved.positions.length > 0 ? onAdd(resolved.positions) : 0;
    const all = [...parsed.problems, ...resolved.problems].sort((a, b) => a.lineNo - b.lineNo);
    setProblems(all);
    setAdded(units);
    // Only the lines to fix stay in the box.
    setText(all.map((problem) => problem.raw).join('\n'));
    if (all.length === 0) close();
  };

  const close = () => {
    setText('');
    setProblems([]);
    setAdded(null);
    setFileError(null);
    onClose();
  };

  return (
    <PortalModal opened={opened} onClose={close} title="Быстрый заказ" size="lg" data-testid="quick-order-modal">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          По строке на товар: артикул, размер (если их несколько) и количество — через пробел, табуляцию или «;». Можно
          вставить столбцы из Excel или загрузить файл CSV или XLSX.
        </Text>
        <Textarea
          aria-label="Список товаров"
          placeholder={'КСТ105-А 48 10\nБТН201 42 4\nПЕР012 25'}
          autosize
          minRows={6}
          maxRows={14}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          styles={{ input: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' } }}
        />
        {fileError && (
          <Alert color="red" icon={<IconAlertTriangle size={16} />}>
            {fileError}
          </Alert>
        )}
        {added !== null && problems.length > 0 && (
          <Alert color="orange" icon={<IconAlertTriangle size={16} />} title={`Добавлено в заказ: ${added} шт. Не добавлено строк: ${problems.length}`} data-testid="quick-order-problems">
            <List size="sm" spacing={4}>
              {problems.map((problem) => (
                <List.Item key={`${problem.lineNo}-${problem.raw}`}>
                  <Text span fw={600}>
                    Строка {problem.lineNo} «{problem.raw}»:
                  </Text>{' '}
                  {problem.reason}
                </List.Item>
              ))}
            </List>
            <Text size="xs" mt={6}>
              Исправьте строки в поле выше и нажмите «Добавить» ещё раз.
            </Text>
          </Alert>
        )}
        <Group justify="space-between">
          <FileButton inputProps={{ 'aria-label': 'Загрузить CSV или XLSX' }} onChange={(file) => void loadFile(file)} accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet">
            {(props) => (
              <StatefulButton {...props} variant="light" leftSection={<IconFileSpreadsheet size={16} />}>
                Загрузить CSV или XLSX
              </StatefulButton>
            )}
          </FileButton>
          <Group gap="xs">
            <StatefulButton variant="default" onClick={close}>
              Закрыть
            </StatefulButton>
            <StatefulButton state={text.trim() ? 'active' : 'disabled'} onClick={submit} data-testid="quick-order-submit">
              Добавить
            </StatefulButton>
          </Group>
        </Group>
      </Stack>
    </PortalModal>
  );
}
