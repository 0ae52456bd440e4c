/**
 * Attachments of shipments and claims, and downloads of stored files. Bytes go to the storage before the database
 * rows are written and are removed again if the transaction fails, so nothing is left half-written.
 */
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { userPartnerIds } from '../../lib/partner-scope';
import { newStorageKey, type FileStorage } from '../../lib/storage';
import { DOCUMENT_TYPES, type UploadPolicy, type UploadedFile } from '../../lib/uploads';
import * as repo from './files.repository';

/** Photos and documents attached to a shipment request or a claim. */
export const ATTACHMENT_POLICY: UploadPolicy = {
  accept: DOCUMENT_TYPES,
  maxFileBytes: 10 * 1024 * 1024,
  maxTotalBytes: 30 * 1024 * 1024,
  maxFiles: 10,
  fileFields: ['files', 'files[]'],
};

export interface StoredUpload {
  upload: UploadedFile;
  key: string;
}

/** Puts the uploads' bytes in the storage; call `discardUploads` if what refers to them is not written. */
export async function putUploads(storage: FileStorage, folder: string, uploads: UploadedFile[]): Promise<StoredUpload[]> {
  const stored: StoredUpload[] = [];
  try {
    for (const upload of uploads) {
      const key = newStorageKey(folder, upload.extension);
      await storage.put(key, upload.bytes);
      stored.push({ upload, key });
    }
    return stored;
  } catch (error) {
    await discardUploads(storage, stored);
    throw error;
  }
}

export async function discardUploads(storage: FileStorage, stored: StoredUpload[]): Promise<void> {
  await Promise.all(stored.map(({ key }) => storage.delete(key).catch(() => undefined)));
}

/** The `files` rows of stored uploads, owned by the user and by the company. */
export async function recordUploads(
  db: DbOrTx,
  stored: StoredUpload[],
  owner: { userId: number; partnerId: number; purpose: string },
) {
  const rows = [];
  for (const { upload, key } of stored) {
    rows.push(
      await repo.insertFile(db, {
        ownerUserId: owner.userId,
        partnerId: owner.partnerId,
        purpose: owner.purpose,
        name: upload.name,
        mime: upload.mime,
        size: upload.bytes.length,
        storageKey: key,
      }),
    );
  }
  return rows;
}

/** A stored file for download: only its owner and the users of the company it belongs to may have it. */
export async function getFileForDownload(db: Db, storage: FileStorage, userId: number, fileId: number) {
  const file = await repo.findFile(db, fileId);
  if (!file) throw new AppError('NOT_FOUND', `Файл ${fileId} не найден.`);
  const allowed =
    file.ownerUserId === userId || (file.partnerId !== null && (await userPartnerIds(db, userId, 'member')).includes(file.partnerId));
  if (!allowed) throw new AppError('FORBIDDEN', 'Этот файл принадлежит другой компании.');
  const bytes = await storage.get(file.storageKey);
  if (!bytes) throw new AppError('NOT_FOUND', `Файл «${file.name}» не найден в хранилище: обратитесь к менеджеру.`, { fileId });
  return { name: file.name, mime: file.mime, bytes };
}
