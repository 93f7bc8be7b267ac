/**
 * A real SMTP server (`smtp-server` on 127.0.0.1, port 0) that keeps every mail it receives, for
 * the tests of `emailChannel`, alone and inside a proxy: `waitFor(n)` resolves once n mails arrived, and
 * `part(mail, type)` decodes one part of a mail (quoted-printable, base64 or 7bit).
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** The envelope's sender. */
  readonly from: string;
  readonly to: string[];
  readonly raw: string;
}

export interface SmtpInbox {
  readonly port: number;
  readonly mails: ReceivedMail[];
  /** Resolves once `count` mails arrived in all. */
  waitFor(count: number): Promise<void>;
  close(): Promise<void>;
}

export async function startSmtpInbox(): Promise<SmtpInbox> {
  const mails: ReceivedMail[] = [];
  let waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address,
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
        const woken = waiters;
        waiters = [];
        for (const wake of woken) wake();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.server.address() as AddressInfo).port,
    mails,
    waitFor(count) {
      return new Promise<void>((resolve) => {
        const check = () => (mails.length >= count ? resolve() : void waiters.push(check));
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The decoded text of the mail's part of type `type`. */
export function part(mail: ReceivedMail, type: 'text/plain' | 'text/html'): string {
  const { raw } = mail;
  const boundary = /boundary="?([^";\r\n]+)"?/.exec(raw)?.[1];
  const parts = boundary === undefined ? [raw] : raw.split(`--${boundary}`);
  const found = parts.find((candidate) => new RegExp(`content-type:\\s*${type}`, 'i').test(candidate.split('\r\n\r\n')[0] ?? ''));
  if (found === undefined) throw new Error(`no ${type} part`);
  const [head, ...rest] = found.split('\r\n\r\n');
  const body = rest.join('\r\n\r\n');
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(head ?? '')?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** The answer links of a mail's text, by label ("Approve send_email: https://…/act/…"). */
export function linksOf(mail: ReceivedMail): Map<string, string> {
  const text = part(mail, 'text/plain');
  return new Map([...text.matchAll(/^(.+): (https:\/\/\S+\/act\/\S+)$/gm)].map((match) => [match[1]!, match[2]!]));
}

export interface LinkVisit {
  status: number;
  headers: Headers;
  html: string;
}

/**
 * What a mail client (or a scanner) gets for an answer `link` (under `publicPrefix`, the proxy's
 * `{publicUrl}{basePath}/act/`) from the proxy at `base` (its address and `basePath`), without any session.
 */
export async function visitLink(base: string, publicPrefix: string, link: string, method: 'GET' | 'HEAD' | 'POST'): Promise<LinkVisit> {
  if (!link.startsWith(publicPrefix)) throw new Error(`${link} is not an answer link under ${publicPrefix}`);
  const response = await fetch(`${base}/act/${link.slice(publicPrefix.length)}`, {
    method,
    redirect: 'manual',
    ...(method === 'POST' ? { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' } : {}),
  });
  return { status: response.status, headers: response.headers, html: await response.text() };
}

/** The `<h1>` of a link's page, as text. */
export const heading = (page: LinkVisit) => /<h1>([^<]*)<\/h1>/.exec(page.html)?.[1];
