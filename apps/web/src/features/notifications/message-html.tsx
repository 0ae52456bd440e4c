import { Text, type TextProps } from '@mantine/core';
import { sanitizeMessageHtml } from '../../shared/sanitize-html';

/** A message text from the server, which may hold simple HTML, rendered after sanitising. */
export function MessageHtml({ html, ...props }: { html: string } & TextProps) {
  return <Text component="div" fz="sm" {...props} dangerouslySetInnerHTML={{ __html: sanitizeMessageHtml(html) }} />;
}
