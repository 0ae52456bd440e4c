import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../shared/testing/render';
import { FeedbackModal, filesProblem } from './feedback-modal';

afterEach(() => vi.unstubAllGlobals());

// The autosizing textarea listens for web fonts, which jsdom lacks.
if (!document.fonts) {
  Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() } });
}

/** A fetch that answers when told to, so the loader can be seen while the request is in flight. */
function pendingFetch() {
  let answer: (response: Response) => void = () => {};
  const fetchMock = vi.fn((_url: RequestInfo | URL, _init?: RequestInit) => new Promise<Response>((resolve) => (answer = resolve)));
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, answer: (response: Response) => answer(response) };
}

describe('FeedbackModal', () => {
  it('sends the type, text and files as multipart, shows a loader, and closes on 201', async () => {
    const { fetchMock, answer } = pendingFetch();
    const onClose = vi.fn();
    renderWithProviders(<FeedbackModal opened onClose={onClose} />);
    await userEvent.click(screen.getByText('Предложить улучшение'));
    await userEvent.type(screen.getByLabelText(/Ваше предложение/), 'Добавьте фильтр по сезону');
    const screenshot = new File(['%PDF-1.4'], 'идея.pdf', { type: 'application/pdf' });
    fireEvent.change(document.querySelector('input[type=file]')!, { target: { files: [screenshot] } });
    expect(await screen.findByText('идея.pdf')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Отправить' }));

    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/user/request/feedback');
    const body = init!.body as FormData;
    expect(body.get('type')).toBe('info');
    expect(body.get('text')).toBe('Добавьте фильтр по сезону');
    expect((body.getAll('files')[0] as File).name).toBe('идея.pdf');
    expect(screen.getByRole('button', { name: 'Отправить' })).toHaveAttribute('data-loading', 'true');
    expect(onClose).not.toHaveBeenCalled();

    answer(new Response(JSON.stringify({ error: null, response: { id: 1 } }), { status: 201 }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it('stops the loader and stays open with the text kept when sending fails', async () => {
    const { answer } = pendingFetch();
    const onClose = vi.fn();
    renderWithProviders(<FeedbackModal opened onClose={onClose} />);
    await userEvent.type(screen.getByLabelText(/Что случилось/), 'Не открывается заказ');
    await userEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Отправить' })).toHaveAttribute('data-loading', 'true'));

    answer(new Response(JSON.stringify({ error: { code: 'INTERNAL', message: 'Сервер недоступен' }, response: null }), { status: 500 }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Отправить' })).not.toHaveAttribute('data-loading'));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByLabelText(/Что случилось/)).toHaveValue('Не открывается заказ');
    // Spec §8: no snack bar for a failed feedback.
    expect(screen.queryByTestId('error-snackbar')).not.toBeInTheDocument();
  });

  it('does not send without a text, says so in the contract\'s words, and drops the error once a text is typed', async () => {
    const { fetchMock } = pendingFetch();
    renderWithProviders(<FeedbackModal opened onClose={() => {}} />);
    await userEvent.type(screen.getByLabelText(/Что случилось/), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    expect(await screen.findByText('Опишите ошибку или предложение.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText(/Что случилось/), 'Н');
    expect(screen.queryByText('Опишите ошибку или предложение.')).toBeNull();
  });
});

describe('filesProblem', () => {
  it('refuses too many, too big and wrong-typed files', () => {
    const pdf = (name: string, size = 10) => new File([new Uint8Array(size)], name, { type: 'application/pdf' });
    expect(filesProblem([pdf('a.pdf')])).toBeNull();
    expect(filesProblem(Array.from({ length: 6 }, (_, i) => pdf(`${i}.pdf`)))).toMatch(/не больше 5/);
    expect(filesProblem([pdf('big.pdf', 10 * 1024 * 1024 + 1)])).toMatch(/big\.pdf.*больше/);
    expect(filesProblem([new File(['x'], 'run.exe', { type: 'application/x-msdownload' })])).toMatch(/run\.exe.*не подходит/);
  });
});
