/**
 * A live sketch of the document (same blocks and order as the PDF): what the customer will see, updated as the
 * dealer types. The file itself is made by the server.
 */
import { Box, Text } from '@mantine/core';
import { ROWS, amountInWords, countWithNoun, formatAmount, proposalLinePrice, vatLabel } from '@portal/domain';
import type { TCompany } from '@portal/contracts';
import { useImageUrl } from '../api/get-image-blob';
import { useProposalImages } from '../api/get-proposal-images';
import { useProposalVat } from '../api/get-proposal-vat';
import { useProposalStore } from '../proposal-store';
import { proposalLineInput, useProposalTotals } from './proposal-totals';

const ACCENT = '#0b4f8a';
const MUTED = '#6b7785';
const MAX_ROWS = 8;

export function ProposalPreview({ executor }: { executor: TCompany | undefined }) {
  const state = useProposalStore();
  const logos = useProposalImages('logo');
  const banners = useProposalImages('banner');
  const logo = state.design.header ? logos.data?.find((image) => image.id === state.design.headerLogo) : undefined;
  const banner = state.design.banner ? banners.data?.find((image) => image.id === state.design.bannerId) : undefined;
  const logoUrl = useImageUrl(logo?.src);
  const bannerUrl = useImageUrl(banner?.src);
  const vat = useProposalVat(state.offer.executorUID, state.offer.date);
  const totals = useProposalTotals(vat.data?.percent ?? null);
  const align = state.design.headerLogoAlign;
  const [year, month, day] = state.offer.date.split('-');
  const rows = state.items.flatMap((item, index) =>
    item.lines
      .filter((line) => line.quantity > 0)
      .map((line) => ({ item, index, line, priced: proposalLinePrice(proposalLineInput(item, line)) })),
  );
  const width = state.portrait ? 420 : 594;

  const logoBlock = logoUrl ? <img src={logoUrl} alt="" style={{ maxWidth: 120, maxHeight: 44, objectFit: 'contain' }} /> : null;
  const headerText = state.design.headerText ? (
    <div style={{ whiteSpace: 'pre-line', fontSize: 7, color: MUTED, textAlign: align === 'left' ? 'right' : align === 'right' ? 'left' : 'center' }}>{state.design.headerText}</div>
  ) : null;

  return (
    <Box
      data-testid="kp-preview"
      style={{
        width,
        maxWidth: '100%',
        aspectRatio: state.portrait ? '210 / 297' : '297 / 210',
        background: '#fff',
        color: '#1f2933',
        boxShadow: '0 4px 18px rgba(15, 23, 42, 0.18)',
        borderRadius: 4,
        padding: 22,
        fontSize: 8,
        lineHeight: 1.3,
        overflow: 'hidden',
        fontFamily: 'Roboto, Arial, sans-serif',
      }}
    >
      {state.design.header && (logoBlock || headerText) && (
        <div style={{ borderBottom: `1.5px solid ${ACCENT}`, paddingBottom: 6, marginBottom: 8 }}>
          {align === 'center' ? (
            <div style={{ textAlign: 'center' }}>
              {logoBlock}
              {headerText}
            </div>
          ) : (
            <div style={{ display: 'flex', gap: 10, alignItems: 'center', flexDirection: align === 'left' ? 'row' : 'row-reverse' }}>
              {logoBlock}
              <div style={{ flex: 1 }}>{headerText}</div>
            </div>
          )}
        </div>
      )}
      {bannerUrl && <img src={bannerUrl} alt="" style={{ width: '100%', maxHeight: state.portrait ? 90 : 70, objectFit: 'contain', marginBottom: 8 }} />}
      <div style={{ color: ACCENT, fontWeight: 700, fontSize: 12, letterSpacing: 0.4 }}>КОММЕРЧЕСКОЕ ПРЕДЛОЖЕНИЕ</div>
      <div style={{ color: MUTED, marginBottom: 8 }}>
        {state.offer.n ? `№ ${state.offer.n} ` : ''}от {day}.{month}.{year}
      </div>
      <div style={{ display: 'flex', gap: 12, marginBottom: 8 }}>
        <div style={{ flex: 1 }}>
          <div style={{ color: MUTED, fontSize: 6, fontWeight: 700 }}>ИСПОЛНИТЕЛЬ</div>
          <div style={{ fontWeight: 700 }}>{executor?.name ?? '—'}</div>
          {executor?.inn && <div style={{ color: MUTED }}>ИНН {executor.inn}</div>}
        </div>
        <div style={{ flex: 1, borderLeft: '1px solid #d5dce4', paddingLeft: 8 }}>
          <div style={{ color: MUTED, fontSize: 6, fontWeight: 700 }}>ЗАКАЗЧИК</div>
          <div style={{ fontWeight: 700 }}>{state.offer.customer || '—'}</div>
          {state.offer.customerInn && <div style={{ color: MUTED }}>ИНН {state.offer.customerInn}</div>}
          {state.offer.customerKpp && <div style={{ color: MUTED }}>КПП {state.offer.customerKpp}</div>}
          {state.offer.customerAddress && <div style={{ color: MUTED }}>{state.offer.customerAddress}</div>}
        </div>
      </div>
      <table style={{ width: '100%', borderCollapse: 'collapse', fontSize: 7 }}>
        <thead>
          <tr style={{ background: ACCENT, color: '#fff' }}>
            <th style={{ padding: 3, textAlign: 'left' }}>Наименование</th>
            <th style={{ padding: 3, textAlign: 'left' }}>Характеристика</th>
            <th style={{ padding: 3, textAlign: 'right' }}>Кол-во</th>
            <th style={{ padding: 3, textAlign: 'right' }}>Цена, ₽</th>
            <th style={{ padding: 3, textAlign: 'right' }}>Сумма, ₽</th>
          </tr>
        </thead>
        <tbody>
          {rows.slice(0, MAX_ROWS).map(({ item, index, line, priced }) => (
            <tr key={`${item.guid}-${line.guid}`} style={{ background: index % 2 ? '#f4f7fa' : undefined, borderBottom: '0.5px solid #d5dce4' }}>
              <td style={{ padding: 3, fontWeight: 600 }}>{item.name || item.article}</td>
              <td style={{ padding: 3 }}>{line.characteristic}</td>
              <td style={{ padding: 3, textAlign: 'right' }}>{line.quantity}</td>
              <td style={{ padding: 3, textAlign: 'right' }}>
                {priced.crossedRetailPrice !== null && (
                  <div style={{ textDecoration: 'line-through', color: MUTED }}>{formatAmount(priced.crossedRetailPrice)}</div>
                )}
                <span data-testid="kp-preview-price">{formatAmount(priced.price)}</span>
              </td>
              <td style={{ padding: 3, textAlign: 'right', fontWeight: 600 }}>{formatAmount(priced.sum)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length > MAX_ROWS && <div style={{ color: MUTED, marginTop: 2 }}>… и ещё {countWithNoun(rows.length - MAX_ROWS, ROWS)}</div>}
      <div style={{ textAlign: 'right', marginTop: 6 }}>
        {totals.discount > 0 && <div style={{ color: MUTED }}>Скидка: −{formatAmount(totals.discount)} ₽</div>}
        <div style={{ color: ACCENT, fontWeight: 700, fontSize: 10 }} data-testid="kp-preview-total">
          Итого к оплате: {formatAmount(totals.total)} ₽
        </div>
        <div style={{ color: MUTED }} data-testid="kp-preview-vat">
          {vat.data
            ? vat.data.percent === null
              ? vatLabel(null)
              : `${vatLabel(vat.data.percent)}: ${formatAmount(totals.vat)} ₽`
            : vat.isError
              ? `НДС не определён: ${vat.error.message}`
              : 'НДС: уточняется…'}
        </div>
        <div style={{ color: MUTED, fontStyle: 'italic', fontSize: 6.5 }}>{amountInWords(totals.total)}</div>
      </div>
      {state.offer.comment && (
        <Text size="xs" mt={6} style={{ fontSize: 7, whiteSpace: 'pre-line' }} lineClamp={3}>
          {state.offer.comment}
        </Text>
      )}
    </Box>
  );
}
