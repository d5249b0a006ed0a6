import { fileServer, late } from './fixture';
import { startSmtpServer } from './smtp-server';

export const BANK_FORM_URL = 'https://forms.example.com/bank-account';
/** Links in mails use PUBLIC_URL (the E2E test covers the fallback: the address of the request). */
export const PUBLIC_URL = 'https://wallet.example.com';

/** The profile files' server (with the bank form and public addresses) and the fake mail server it sends to. */
export function profileServer() {
  const smtp = late(startSmtpServer, (s) => s.close());
  const server = fileServer(() => ({ SMTP_URL: smtp.url, BANK_FORM_URL, PUBLIC_URL: `${PUBLIC_URL}/` }));
  return { smtp, server };
}
