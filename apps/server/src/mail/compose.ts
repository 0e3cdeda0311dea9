import { AppError } from '../lib/app-error';

/** The product's name, in every subject and signature. */
export const PRODUCT_NAME = 'Agora';

/**
 * One message as the mail job carries it: already composed, so a retry sends the same bytes. `headers`: extra
 * headers we write ourselves (List-Unsubscribe), never user text.
 */
export type MailMessage = { to: string; subject: string; text: string; html: string; headers?: Record<string, string> };

/** What a mail says: a greeting, paragraphs, an optional button, and for notifications where to turn them off. */
export type MailContent = {
  to: string;
  subject: string;
  greeting?: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Notification mails: the settings page (or a one-click unsubscribe link) to stop this kind of mail. */
  settingsUrl?: string;
  /** A list of linked lines after the paragraphs (a digest's notifications). */
  items?: { text: string; url: string }[];
  /**
   * A link that turns this kind of mail off without signing in: shown at the end and sent as the List-Unsubscribe
   * header, so mail programs offer their own unsubscribe button.
   */
  unsubscribe?: { label: string; url: string };
};

/** A plain address: no display name, no line breaks (a header injection), at most 254 characters (RFC 5321). */
const ADDRESS = /^[^\s@<>()",;:\\[\]]+@[^\s@<>()",;:\\[\]]+\.[^\s@<>()",;:\\[\]]+$/;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/**
 * Composes a mail's plain-text and HTML parts from its content. Everything user-supplied is escaped in the HTML
 * part; a recipient or subject with a line break (a header injection) or an address that is not one plain address
 * is refused (400), never passed to the transport.
 */
export function composeMail(content: MailContent): MailMessage {
  const to = content.to.trim();
  if (to.length > 254 || !ADDRESS.test(to)) throw AppError.badRequest('Please enter a valid email address');
  if (/[\r\n]/.test(content.subject)) throw AppError.badRequest('A mail subject must be one line');
  const subject = `${content.subject} | ${PRODUCT_NAME}`;
  const text = [
    content.greeting ?? 'Hello,',
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.items?.length ? [...content.items.map((item) => `- ${item.text}\n  ${item.url}`), ''] : []),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    `— ${PRODUCT_NAME}`,
    ...(content.settingsUrl ? ['', `To stop these mails, change your settings: ${content.settingsUrl}`] : []),
    ...(content.unsubscribe ? ['', `${content.unsubscribe.label}: ${content.unsubscribe.url}`] : []),
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2937">',
    `<p>${escapeHtml(content.greeting ?? 'Hello,')}</p>`,
    ...content.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    content.items?.length
      ? `<ul style="padding-left:20px">${content.items.map((item) => `<li style="margin:6px 0"><a href="${escapeHtml(item.url)}">${escapeHtml(item.text)}</a></li>`).join('')}</ul>`
      : '',
    content.action
      ? `<p><a href="${escapeHtml(content.action.url)}" style="display:inline-block;padding:10px 16px;border-radius:8px;background:#4f46e5;color:#ffffff;text-decoration:none">${escapeHtml(content.action.label)}</a></p>` +
        `<p style="font-size:13px;color:#4b5563">Or open this link: ${escapeHtml(content.action.url)}</p>`
      : '',
    `<p>— ${PRODUCT_NAME}</p>`,
    content.settingsUrl
      ? `<p style="font-size:13px;color:#4b5563"><a href="${escapeHtml(content.settingsUrl)}">Change which mails you get</a></p>`
      : '',
    content.unsubscribe
      ? `<p style="font-size:13px;color:#4b5563"><a href="${escapeHtml(content.unsubscribe.url)}">${escapeHtml(content.unsubscribe.label)}</a></p>`
      : '',
    '</body></html>',
  ].join('');
  if (!content.unsubscribe) return { to, subject, text, html };
  if (/[\r\n<>]/.test(content.unsubscribe.url)) throw AppError.badRequest('An unsubscribe link must be one plain URL');
  return { to, subject, text, html, headers: { 'List-Unsubscribe': `<${content.unsubscribe.url}>` } };
}

/** The links a message carries (for the log line that lets `npm start` users follow them without a mail server). */
export function linksIn(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s<>"]+/g) ?? [])];
}
