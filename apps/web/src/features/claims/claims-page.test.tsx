import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../shared/testing/render';
import { ClaimsPage } from './claims-page';

afterEach(() => vi.restoreAllMocks());

describe('ClaimsPage', () => {
  it('shows the empty state when the server answers 404', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'нет' }, response: null }), { status: 404 }));
    renderWithProviders(<ClaimsPage />);
    expect(await screen.findByText('Рекламаций нет')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Подать рекламацию' })).toHaveAttribute('href', '/claims/request');
  });

  it('lists a claim with its status, number and case', async () => {
    const claim = {
      id: 7, bitrix_id: 5120, guid: 'g', date_create: '2026-01-21T06:30:00.000Z', status: 'review', title: 'Расхождение швов',
      partner_name: 'Общество с ограниченной ответственностью «СпецСнаб»', partner_guid: 'p', case: 1, products: [], message: 'Шов разошёлся',
      files: [], order_detail: { n: 10001, date: '2026-01-10T00:00:00.000Z' }, history: [{ status: 'new', comment: 'Отправлена', date: '2026-01-21T06:30:00.000Z' }],
    };
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify({ error: null, response: [claim] }), { status: 200 }));
    renderWithProviders(<ClaimsPage />);
    expect(await screen.findByText('Расхождение швов')).toBeInTheDocument();
    expect(screen.getByText('На рассмотрении')).toBeInTheDocument();
    expect(screen.getByText('Производственный брак')).toBeInTheDocument();
    expect(screen.getByText(/№5120 · от 21\.01\.2026 · ООО «СпецСнаб» · заказ №10001/)).toBeInTheDocument();
  });
});
