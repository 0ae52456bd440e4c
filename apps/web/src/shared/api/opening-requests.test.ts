import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../storage-keys';
import { api } from './client';
import { OPENING_REQUESTS, OPENING_REQUEST_MAX_AGE_MS, startOpeningRequest } from './opening-requests';

const answer = (response: unknown, status = 200) =>
  new Response(JSON.stringify({ error: status === 200 ? null : { code: 'X', message: 'сбой' }, response }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  localStorage.setItem(STORAGE_KEYS.token, 'token-a');
});

afterEach(() => {
  delete window[OPENING_REQUESTS];
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the opening screen’s early requests', () => {
  it('are sent as the client sends a plain GET', () => {
    fetchMock.mockResolvedValue(answer([]));
    startOpeningRequest('/api/partners', 'token-a');
    startOpeningRequest('/api/content/news', '');
    expect(fetchMock.mock.calls).toEqual([
      ['/api/partners', { method: 'GET', headers: { accept: 'application/json', authorization: 'Bearer token-a' }, credentials: 'omit' }],
      ['/api/content/news', { method: 'GET', headers: { accept: 'application/json' }, credentials: 'omit' }],
    ]);
  });

  it('answer the same GET once, and the next call asks the server', async () => {
    fetchMock.mockResolvedValueOnce(answer(['early'])).mockResolvedValueOnce(answer(['late']));
    startOpeningRequest('/api/partners', 'token-a');
    expect(await api('/partners')).toEqual(['early']);
    expect(await api('/partners')).toEqual(['late']);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock.mock.calls[1]?.[0]).toBe('/api/partners');
  });

  it('match a call without the token only when sent without it', async () => {
    fetchMock.mockResolvedValueOnce(answer(['early'])).mockResolvedValueOnce(answer(['late']));
    startOpeningRequest('/api/content/news', '');
    expect(await api('/content/news', { auth: false })).toEqual(['early']);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('are not taken by a call with another token, another address, another method or headers of its own', async () => {
    fetchMock.mockImplementation(async () => answer(['asked']));
    startOpeningRequest('/api/partners', 'token-b');
    startOpeningRequest('/api/content/cases', 'token-a');
    startOpeningRequest('/api/user/settings', 'token-a');
    startOpeningRequest('/api/auth/me', 'token-a');
    expect(await api('/partners')).toEqual(['asked']);
    expect(await api('/content/cases', { auth: false })).toEqual(['asked']);
    expect(await api('/user/settings', { method: 'PUT', body: {} })).toEqual(['asked']);
    expect(await api('/auth/me', { headers: { 'x-extra': '1' } })).toEqual(['asked']);
    expect(await api('/partners', { query: { page: 2 } })).toEqual(['asked']);
    // 4 early requests and 5 calls of the client's own.
    expect(fetchMock).toHaveBeenCalledTimes(9);
    expect(window[OPENING_REQUESTS]?.map((request) => request.url)).toEqual(['/api/partners', '/api/content/cases', '/api/user/settings', '/api/auth/me']);
  });

  it('that failed leave the call to the server, with no error of their own', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce(answer(['asked']));
    startOpeningRequest('/api/partners', 'token-a');
    expect(await api('/partners')).toEqual(['asked']);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('that answered an error leave the call to the server, which shows its own answer', async () => {
    fetchMock.mockResolvedValueOnce(answer(null, 500)).mockResolvedValueOnce(answer(null, 503));
    startOpeningRequest('/api/partners', 'token-a');
    await expect(api('/partners')).rejects.toMatchObject({ status: 503 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('are not taken once they are old', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    fetchMock.mockResolvedValueOnce(answer(['early'])).mockResolvedValueOnce(answer(['late']));
    startOpeningRequest('/api/partners', 'token-a');
    vi.advanceTimersByTime(OPENING_REQUEST_MAX_AGE_MS + 1);
    expect(await api('/partners')).toEqual(['late']);
  });
});
