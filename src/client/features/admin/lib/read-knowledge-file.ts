import {
  hasKnowledgeExtension,
  KNOWLEDGE_UPLOAD_MAX_BYTES,
  UPLOAD_EMPTY_MESSAGE,
  UPLOAD_NOT_TEXT_MESSAGE,
  UPLOAD_SIZE_MESSAGE,
  UPLOAD_TYPE_MESSAGE,
  type KnowledgeUploadInput,
} from '#shared/schemas/knowledge';
import { hasUnsafeCharacters } from '#shared/schemas/primitives';

export type ReadFileResult = { ok: true; input: KnowledgeUploadInput } | { ok: false; message: string };

/**
 * Reads a file the admin picked for upload and checks it before sending, with the messages the
 * server would give: the type by extension, the size in bytes, and the content as text (UTF-8
 * that decodes without error and holds no control characters). The server checks all of it again.
 */
export async function readKnowledgeFile(file: File): Promise<ReadFileResult> {
  if (!hasKnowledgeExtension(file.name)) return { ok: false, message: UPLOAD_TYPE_MESSAGE };
  if (file.size > KNOWLEDGE_UPLOAD_MAX_BYTES) return { ok: false, message: UPLOAD_SIZE_MESSAGE };
  let content: string;
  try {
    content = new TextDecoder('utf-8', { fatal: true }).decode(await file.arrayBuffer());
  } catch {
    return { ok: false, message: UPLOAD_NOT_TEXT_MESSAGE };
  }
  if (hasUnsafeCharacters(content)) return { ok: false, message: UPLOAD_NOT_TEXT_MESSAGE };
  if (content.trim() === '') return { ok: false, message: UPLOAD_EMPTY_MESSAGE };
  return { ok: true, input: { fileName: file.name, content } };
}
