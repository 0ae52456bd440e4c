/**
 * Reads a multipart request under a policy: per-file and per-request size limits, a file count limit, and an
 * allow-list of types recognised from the bytes (not the name or the browser's claim). Refusals are 413 or 415 with
 * a message naming the file; pictures are checked by the pixel size in their header (413 over the limit, 415 when
 * unreadable), without decoding. Nothing is stored until the whole request has been read and accepted.
 */
import type { MultipartFile } from '@fastify/multipart';
import { ZFileBytesSchema } from '@portal/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, badRequest } from './errors';
import { sanitizeFileName, sniffFileType } from './file-type';
import { checkImageHeader, STORED_IMAGE_MAX_PIXELS } from './images';
import { badInputError, findBadInput } from './input-guard';

export interface UploadPolicy {
  /** Mime types accepted, as recognised by sniffFileType. */
  accept: readonly string[];
  maxFileBytes: number;
  maxTotalBytes: number;
  maxFiles: number;
  /** Multipart field names that carry files (others are refused); the first is the one the OpenAPI document names. */
  fileFields: readonly [string, ...string[]];
  /** Pixels an accepted picture may have, read from its header (default STORED_IMAGE_MAX_PIXELS). */
  maxImagePixels?: number;
}

export interface UploadedFile {
  field: string;
  name: string;
  mime: string;
  extension: string;
  bytes: Buffer;
}

export interface MultipartForm {
  fields: Record<string, string>;
  files: UploadedFile[];
}

export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const DOCUMENT_TYPES = [...IMAGE_TYPES, 'application/pdf'] as const;

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} МБ`;

const KIND_NAMES: Record<string, string> = {
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'image/webp': 'WebP',
  'image/gif': 'GIF',
  'application/pdf': 'PDF',
  'image/svg+xml': 'SVG',
};

/**
 * What a route that takes a multipart form declares in its schema as `form`: the policy it is read under and its text
 * fields (a contract's schema, which the service parses). Fastify's validator never sees it (it would find no body:
 * the form is streamed); the OpenAPI document shows it as the route's `multipart/form-data` body, and `readMultipart`
 * reads the form under this very policy, so what the document says is what the route accepts.
 */
export interface UploadForm {
  policy: UploadPolicy;
  /** The form as the document shows it: the text fields with their limits, and the file field. */
  document: z.ZodObject;
}

declare module 'fastify' {
  interface FastifySchema {
    /** The route's multipart form (see `uploadForm`). */
    form?: UploadForm;
  }
}

/** `fileRequired`: the route refuses a form without a file (the reader itself lets an empty form through). */
export function uploadForm(policy: UploadPolicy, fields: z.ZodObject = z.object({}), options: { fileRequired?: boolean } = {}): UploadForm {
  const [name, ...aliases] = policy.fileFields;
  // A type accepted only to be refused with its own message (SVG) is not offered.
  const kinds = policy.accept.filter((mime) => mime !== 'image/svg+xml').map((mime) => KIND_NAMES[mime] ?? mime).join(', ');
  const size = policy.maxFiles === 1
    ? `One file (${kinds}) up to ${englishMegabytes(policy.maxFileBytes)}`
    : `Up to ${policy.maxFiles} files (${kinds}), each up to ${englishMegabytes(policy.maxFileBytes)}, together up to ${englishMegabytes(policy.maxTotalBytes)}`;
  const description = `${size}${aliases.length > 0 ? `; the field may also be named ${aliases.join(', ')}` : ''}.`;
  const field = policy.maxFiles === 1
    ? ZFileBytesSchema.meta({ type: 'string', format: 'binary', description })
    : z.array(ZFileBytesSchema).max(policy.maxFiles).meta({ description });
  return { policy, document: fields.extend({ [name]: options.fileRequired ? field : field.optional() }) };
}

const englishMegabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/** The form declared by the route this request is for (a route that reads one must declare it). */
function declaredForm(request: FastifyRequest): UploadForm {
  const form = request.routeOptions.schema?.form;
  if (!form) throw new Error(`${request.method} ${request.routeOptions.url ?? request.url} reads a multipart form its schema does not declare (form: uploadForm(…)).`);
  return form;
}

/** Reads the multipart form of a request under the policy its route declares (`schema.form`). */
export async function readMultipart(request: FastifyRequest): Promise<MultipartForm> {
  const policy = declaredForm(request).policy;
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Отправьте форму как multipart/form-data.');
  try {
    return await readParts(request, policy);
  } catch (error) {
    if (error instanceof AppError) throw error;
    // A form the parser cannot read (no boundary, a wrong one, a body cut short) is the client's, not a server fault.
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 413) throw new AppError('PAYLOAD_TOO_LARGE', 'Форма слишком большая: уменьшите файлы или отправьте часть.');
    request.log.warn({ err: error }, 'unreadable multipart form');
    throw badRequest('Форма повреждена или передана не полностью (multipart/form-data): отправьте её снова.');
  }
}

async function readParts(request: FastifyRequest, policy: UploadPolicy): Promise<MultipartForm> {
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  let total = 0;
  for await (const part of request.parts({ limits: { fileSize: policy.maxFileBytes, files: policy.maxFiles + 1 } })) {
    if (part.type === 'field') {
      const value = String(part.value ?? '');
      const found = findBadInput({ [part.fieldname]: value });
      if (found) throw badInputError('body', found);
      fields[part.fieldname] = value;
      continue;
    }
    if (!policy.fileFields.includes(part.fieldname)) {
      await part.toBuffer().catch(() => undefined);
      throw badRequest(`Поле «${part.fieldname}» не принимает файлы.`);
    }
    const name = sanitizeFileName(part.filename);
    if (files.length >= policy.maxFiles) {
      throw new AppError('PAYLOAD_TOO_LARGE', `Слишком много файлов: можно приложить не больше ${policy.maxFiles}.`);
    }
    const bytes = await readLimited(part, name, policy.maxFileBytes);
    if (bytes.length === 0) continue; // an empty file input sends an empty part
    total += bytes.length;
    if (total > policy.maxTotalBytes) {
      throw new AppError('PAYLOAD_TOO_LARGE', `Файлы вместе больше ${megabytes(policy.maxTotalBytes)}: уменьшите их или отправьте часть.`);
    }
    const type = sniffFileType(bytes);
    if (!type || !policy.accept.includes(type.mime)) {
      const allowed = policy.accept.map((mime) => KIND_NAMES[mime] ?? mime).join(', ');
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', `Файл «${name}» не подходит: принимаются только ${allowed}.`);
    }
    if ((IMAGE_TYPES as readonly string[]).includes(type.mime)) checkImageHeader(bytes, name, policy.maxImagePixels ?? STORED_IMAGE_MAX_PIXELS);
    files.push({ field: part.fieldname, name, mime: type.mime, extension: type.extension, bytes });
  }
  return { fields, files };
}

async function readLimited(part: MultipartFile, name: string, maxBytes: number): Promise<Buffer> {
  const tooLarge = () =>
    new AppError('PAYLOAD_TOO_LARGE', `Файл «${name}» больше ${megabytes(maxBytes)}: уменьшите его и отправьте снова.`);
  try {
    const bytes = await part.toBuffer();
    if (part.file.truncated) throw tooLarge();
    return bytes;
  } catch (error) {
    // The per-file limit shows as a 413 or a truncated stream; anything else is a damaged form (see readMultipart).
    if (part.file.truncated || (error as { statusCode?: number }).statusCode === 413) throw tooLarge();
    throw error;
  }
}
