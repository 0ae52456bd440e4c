/**
 * Managers' messages may carry simple HTML. DOMPurify (12 KB gzip) lives in this module alone, so it loads with the
 * first message shown, not with every screen that can report an error.
 */
import DOMPurify from 'dompurify';

/** HTML safe to render (managers' messages): scripts, event handlers and javascript: links removed; only text-level markup kept. */
export function sanitizeMessageHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS: ['b', 'strong', 'i', 'em', 'u', 'br', 'p', 'span', 'a', 'ul', 'ol', 'li', 'code'],
    ALLOWED_ATTR: ['href', 'target', 'rel'],
  });
}
