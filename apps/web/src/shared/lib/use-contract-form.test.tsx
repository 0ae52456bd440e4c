import { TextInput } from '@mantine/core';
import { ZDeliveryAddBodySchema } from '@portal/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../testing/render';
import { useContractForm } from './use-contract-form';

function AddressForm({ onSend }: { onSend: (label: string) => void }) {
  const form = useContractForm({
    initialValues: { label: '', kind: '' },
    schema: ZDeliveryAddBodySchema,
    checks: (values) => ({ kind: values.kind ? null : 'Выберите вид адреса' }),
  });
  return (
    <form onSubmit={form.onSubmit((values) => onSend(values.label))} noValidate>
      <TextInput label="Адрес" {...form.getInputProps('label')} />
      <TextInput label="Вид" {...form.getInputProps('kind')} />
      <button type="submit">Добавить</button>
    </form>
  );
}

describe('useContractForm', () => {
  it('shows the contract\'s message and the screen\'s own, and clears each as soon as its field is corrected', async () => {
    const onSend = vi.fn();
    renderWithProviders(<AddressForm onSend={onSend} />);
    await userEvent.type(screen.getByLabelText('Адрес'), 'Мск');
    await userEvent.click(screen.getByRole('button', { name: 'Добавить' }));
    expect(onSend).not.toHaveBeenCalled();
    // The contract's own wording (packages/contracts), not a copy typed into the screen.
    expect(screen.getByText('Адрес слишком короткий: укажите город, улицу и дом.')).toBeInTheDocument();
    expect(screen.getByText('Выберите вид адреса')).toBeInTheDocument();

    // Still too short: the error stays; long enough: it goes at once, before any new submit.
    await userEvent.type(screen.getByLabelText('Адрес'), 'в');
    expect(screen.getByText('Адрес слишком короткий: укажите город, улицу и дом.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Адрес'), ', Тверская 1');
    expect(screen.queryByText('Адрес слишком короткий: укажите город, улицу и дом.')).toBeNull();
    expect(screen.getByText('Выберите вид адреса')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Вид'), 'склад');
    expect(screen.queryByText('Выберите вид адреса')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Добавить' }));
    expect(onSend).toHaveBeenCalledWith('Мскв, Тверская 1');
  });

  it('does not check a field that has no error while it is being typed', async () => {
    renderWithProviders(<AddressForm onSend={() => {}} />);
    await userEvent.type(screen.getByLabelText('Адрес'), 'М');
    expect(screen.queryByText(/Адрес слишком короткий/)).toBeNull();
  });
});
