/**
 * The Evolution stand-in's sendMedia, as Evolution API v2.3.6 takes it (read in
 * src/validate/message.schema.ts `mediaMessageSchema`, sendMessage.controller.ts `sendMedia`
 * and whatsapp.baileys.service.ts `prepareMediaMessage`): `mediatype` one of image, document,
 * video, audio; `media` a URL or base64; a base64 document needs its `fileName`, whose extension
 * then sets the mimetype the phone sees.
 */

const MEDIA_TYPES = ['image', 'document', 'video', 'audio'];
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const MIME_BY_EXTENSION: Record<string, string> = {
  csv: 'text/csv',
  json: 'application/json',
  pdf: 'application/pdf',
};

const isUrl = (v: string) => /^https?:\/\//.test(v);

/** Evolution's 400 message for a sendMedia body it refuses, or null when it takes it. */
export function mediaRefusal(body: Record<string, unknown>): string | null {
  if (!MEDIA_TYPES.includes(String(body.mediatype))) {
    return 'mediatype must be equal to one of the allowed values';
  }
  const media = typeof body.media === 'string' ? body.media : '';
  const base64 = media.length > 0 && BASE64.test(media);
  if (base64 && body.mediatype === 'document' && !body.fileName) {
    return 'For base64 the file name must be informed.';
  }
  if (!base64 && !isUrl(media)) return 'Owned media must be a url or base64';
  return null;
}

/** What Evolution keeps of a sent message (its Message row's messageType and message). */
export function storedContent(body: Record<string, unknown>): {
  messageType: string;
  message: Record<string, unknown>;
} {
  const caption = String(body.caption ?? '');
  if (body.mediatype === 'image') {
    return {
      messageType: 'imageMessage',
      message: { imageMessage: { caption, mimetype: 'image/jpeg' } },
    };
  }
  if (body.mediatype === 'document') {
    const fileName = String(body.fileName ?? '');
    const extension = fileName.split('.').pop()?.toLowerCase() ?? '';
    const mimetype = MIME_BY_EXTENSION[extension] ?? String(body.mimetype ?? '');
    return {
      messageType: 'documentMessage',
      message: { documentMessage: { caption, fileName, mimetype } },
    };
  }
  return { messageType: 'conversation', message: { conversation: String(body.text ?? '') } };
}
