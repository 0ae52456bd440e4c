/** The bytes of a library image (they need the token, so an <img> gets them through an object URL). */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { API_BASE, apiFile } from '../../../shared/api/client';

export async function getImageBlob(src: string, signal?: AbortSignal): Promise<Blob> {
  const path = src.startsWith(`${API_BASE}/`) ? src.slice(API_BASE.length) : src;
  return (await apiFile(path, { signal })).blob;
}

/** An object URL for an API image path, or null while it loads or when it failed. */
export function useImageUrl(src: string | null | undefined): string | null {
  const image = useQuery({
    queryKey: ['proposal', 'image-bytes', src],
    queryFn: ({ signal }) => getImageBlob(src!, signal),
    enabled: Boolean(src),
    staleTime: Infinity,
    retry: false,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!image.data) {
      setUrl(null);
      return;
    }
    const created = URL.createObjectURL(image.data);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [image.data]);
  return url;
}
