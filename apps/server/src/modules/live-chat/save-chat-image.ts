import { randomUUID } from 'node:crypto';
import { CHAT_IMAGE_MAX_BYTES } from '@kismat/contracts/live-chat';
import { AppError } from '../../platform/errors';
import type { FileStorage } from '../../platform/file-storage';

/**
 * The image's type by its first bytes. The client's content type and file name are not trusted:
 * an .exe renamed to photo.png, or HTML sent as image/png to be opened from our origin, has
 * neither signature and is refused.
 */
export function sniffChatImage(bytes: Buffer): { contentType: 'image/png' | 'image/jpeg'; extension: 'png' | 'jpg' } | null {
  if (bytes.length > 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return { contentType: 'image/png', extension: 'png' };
  }
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return { contentType: 'image/jpeg', extension: 'jpg' };
  return null;
}

/** Checks and stores a chat image (png or jpg, at most 2 MB); returns its storage key and type. */
export async function saveChatImage(
  storage: FileStorage,
  merchantId: number,
  bytes: Buffer,
): Promise<{ storageKey: string; contentType: string }> {
  if (bytes.length === 0 || bytes.length > CHAT_IMAGE_MAX_BYTES) throw new AppError('CHAT_IMAGE_INVALID');
  const kind = sniffChatImage(bytes);
  if (!kind) throw new AppError('CHAT_IMAGE_INVALID');
  const storageKey = `chat/${merchantId}/${randomUUID()}.${kind.extension}`;
  await storage.save(storageKey, bytes);
  return { storageKey, contentType: kind.contentType };
}
