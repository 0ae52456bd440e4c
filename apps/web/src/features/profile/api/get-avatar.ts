/**
 * The avatar image (spec §7 "GET avatar image", §9: 3 s timeout). It is fetched with the token, so it comes as a blob
 * and is shown through an object URL; a slow or failed load leaves the fallback (initials) in place.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { API_BASE, apiFile } from '../../../shared/api/client';

export const AVATAR_TIMEOUT_MS = 3000;

export async function getAvatar(image: string, signal?: AbortSignal): Promise<Blob> {
  const controller = new AbortController();
  // A plain abort: the client passes AbortError through untouched, and the avatar falls back to initials.
  const timer = setTimeout(() => controller.abort(), AVATAR_TIMEOUT_MS);
  const stop = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', stop);
  try {
    const path = image.startsWith(`${API_BASE}/`) ? image.slice(API_BASE.length) : image;
    return (await apiFile(path, { signal: controller.signal })).blob;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', stop);
  }
}

/** An object URL of the avatar, or null while loading, without an avatar, or after a failure (show the fallback). */
export function useAvatarUrl(image: string | null | undefined): string | null {
  const avatar = useQuery({
    queryKey: ['user', 'avatar', image],
    queryFn: ({ signal }) => getAvatar(image!, signal),
    enabled: Boolean(image),
    staleTime: Infinity,
    retry: false,
  });
  return useObjectUrl(avatar.data);
}

export function useObjectUrl(blob: Blob | File | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setUrl(null);
      return;
    }
    const created = URL.createObjectURL(blob);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [blob]);
  return url;
}
