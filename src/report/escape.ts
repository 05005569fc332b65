/**
 * Text as HTML and XML hold it: the five characters markup reads, as numeric references. report.html,
 * history.html, junit.xml and the observation pages escape with it, and the redaction looks for a secret
 * in this form too (src/http/secrets.ts).
 */
export function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
