/**
 * Answering from an e-mail (`emailChannel({ actions })` with `createTaskProxy({ publicUrl })`), end
 * to end: mails received by a real SMTP server, proxy instances over real HTTP on one shared store,
 * the links parsed out of each mail. A scanner's HEAD and GET change nothing; the POST answers once
 * through the page's own path (the audit says `via: 'email'` and who); a link used, expired,
 * changed or withdrawn says what happened; a page and a mail racing give one 2xx; a link used on
 * an instance that did not open the request is delivered once; an address `identify` does not map
 * to the request's team answers nothing.
 */
import type { HumanRequest } from '../../../src/request';
import { createTaskProxy, emailChannel, type ProxyStore, type TaskProxyNotifyOptions } from '../../../src/server';
import type { StoredRequest } from '../../../src/server/stores/request-store';
import { answer, call, fx, instance, list, pid, room, SECRET, settled, useRequestsFixture, type Instance } from '../proxy/requests-fixture';
import { heading, linksOf, part, startSmtpInbox, visitLink, type ReceivedMail, type SmtpInbox } from './smtp-inbox';

useRequestsFixture();

const PUBLIC_URL = 'https://app.example.com';
const LINK_PREFIX = `${PUBLIC_URL}/api/hitl/act/`;

let smtp: SmtpInbox;
beforeEach(async () => {
  smtp = await startSmtpInbox();
  directory = new Map([
    ['ann@example.com', { user: 'ann@blue', team: 'blue' }],
    ['eve@example.com', { user: 'eve@red', team: 'red' }],
  ]);
});
afterEach(() => smtp.close());

/** Who each address is, as the app's directory says now (a test moves people between teams). */
let directory = new Map<string, { user: string; team: string }>();

/** The notifications of an instance: one e-mail channel with actions, mailing ann (team blue) and eve (team red). */
function notify(actions: { ttlMs?: number } = {}): TaskProxyNotifyOptions {
  const channel = emailChannel({
    transport: { host: '127.0.0.1', port: smtp.port, secure: false, ignoreTLS: true },
    from: 'inbox@example.com',
    to: ['ann@example.com', 'eve@example.com'],
    retryBaseMs: 10,
    actions: { identify: (address) => directory.get(address) ?? null, ...actions },
  });
  return { channels: [channel], link: (item) => `https://app.example.com/inbox#${encodeURIComponent(item.id)}` };
}

const mailer = (actions?: { ttlMs?: number }) => instance({ notify: notify(actions), publicUrl: PUBLIC_URL });

/** An approval of one action, declinable and cancellable: one press answers it. */
const sendInvoice = (id: string): HumanRequest & { kind: 'approval' } => ({
  id,
  source: 'langgraph',
  kind: 'approval',
  title: 'Send the invoice?',
  actions: [{ name: 'send_email', args: { to: 'cfo@example.com' }, description: 'Mails <b>invoice</b> 42 & its PDF' }],
  allows: { decline: true, cancel: true },
});

/** The mail `address` received since the `since`th mail (one: each recipient gets their own). */
function mailTo(address: string, since = 0): ReceivedMail {
  const found = smtp.mails.slice(since).filter((mail) => mail.to.includes(address));
  expect(found).toHaveLength(1);
  expect(found[0]?.to).toEqual([address]);
  return found[0]!;
}

/** Opens `request` for team blue on `at`, waits for both mails, and gives ann's links by label. */
async function openAndMail(at: Instance, request: HumanRequest, options: { user?: string } = {}) {
  const before = smtp.mails.length;
  const opened = at.proxy.requests.open(request, { team: 'blue', ...options });
  await smtp.waitFor(before + 2);
  expect(smtp.mails).toHaveLength(before + 2);
  return { opened, links: linksOf(mailTo('ann@example.com', before)), mail: mailTo('ann@example.com', before) };
}

/** What a mail client (or a scanner) gets for `link` on instance `at`, without any session. */
const visit = (at: Instance, link: string, method: 'GET' | 'HEAD' | 'POST') => visitLink(at.url, LINK_PREFIX, link, method);

/** The request's state as team blue's pages list it. */
const stateOf = async (at: Instance, id: string) => (await list(at, 'ann@blue')).find((listing) => listing.request.id === id)?.state;

/**
 * Holds the first answer written to the shared store until a second one comes, so that both race
 * for the record's one compare-and-set whatever the machine's speed; `firstWins` says which of the
 * two is written first. `contended` counts the races.
 */
function holdFirstAnswer() {
  const inner = fx.inner;
  const race = { firstWins: true, contended: 0 };
  let waiting: { release: () => void; written: Promise<unknown> } | undefined;
  fx.inner = new Proxy(inner, {
    get(target, name: keyof ProxyStore) {
      if (name !== 'replaceRequest') {
        const value: unknown = Reflect.get(target, name);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      }
      return async (next: StoredRequest, expected: number, ttlMs: number) => {
        const write = () => target.replaceRequest(next, expected, ttlMs);
        if (next.state !== 'answered') return write();
        if (waiting === undefined) {
          let release!: () => void;
          const turn = new Promise<void>((resolve) => (release = resolve));
          const written = turn.then(write);
          waiting = { release, written };
          return written;
        }
        const first = waiting;
        waiting = undefined;
        race.contended += 1;
        first.release();
        if (race.firstWins) await first.written;
        return write();
      };
    },
  });
  return race;
}

const approved = (requestId: string) => ({ requestId, action: 'accept', decisions: [{ type: 'approve' }] });

describe('answering from an e-mail', () => {
  it('mails each recipient a link per decision of a one-action approval, beside the inbox link; others get the inbox link only', async () => {
    const a = await mailer();
    const { links } = await openAndMail(a, sendInvoice('el-1'));
    expect([...links.keys()]).toEqual(['Approve send_email', 'Reject send_email', 'Decline', 'Cancel']);
    for (const link of links.values()) expect(link).toMatch(/^https:\/\/app\.example\.com\/api\/hitl\/act\/[\w-]+\.[\w-]+$/);
    expect(new Set(links.values()).size).toBe(4);
    const ann = mailTo('ann@example.com');
    expect(part(ann, 'text/plain')).toContain(`Open it in the inbox: https://app.example.com/inbox#${pid('el-1')}`);
    const html = part(ann, 'text/html');
    expect(html).toContain(`<a href="${links.get('Approve send_email')}">Approve send_email</a>`);
    expect(html).toContain('<a href="https://app.example.com/inbox#');
    // Eve is of another team: her mail tells her, and answers nothing.
    expect(linksOf(mailTo('eve@example.com')).size).toBe(0);

    // What one press cannot say links to the inbox only: a form, an approval of several actions, a request for another user.
    const several: HumanRequest = { ...sendInvoice('el-3'), actions: [...sendInvoice('x').actions, { name: 'archive', args: {} }] };
    for (const [request, options] of [
      [room('el-2'), {}],
      [several, {}],
      [sendInvoice('el-4'), { user: 'bob@blue' }],
    ] as const) {
      const { links: none, mail } = await openAndMail(a, request, options);
      expect(none.size).toBe(0);
      expect(part(mail, 'text/plain')).toMatch(/Answer it: https:\/\/app\.example\.com\/inbox#/);
    }
  });

  it("mails a control request as a hand-off: why and what to do, the inbox's link to take control, no answer link, never the live view", async () => {
    const a = await mailer();
    const before = smtp.mails.length;
    void a.proxy.requests.open(
      {
        id: 'hc-1',
        source: 'browserbase',
        kind: 'control',
        liveUrl: `https://live.example.com/session/${SECRET}`,
        message: 'A CAPTCHA blocks the checkout',
        instructions: 'Tick the box, then type the code',
        allows: { decline: true, cancel: true },
      },
      { team: 'blue' },
    );
    // No link is anyone's own: one mail to both.
    await smtp.waitFor(before + 1);
    const mail = smtp.mails[before]!;
    expect(mail.to).toEqual(['ann@example.com', 'eve@example.com']);
    const text = part(mail, 'text/plain');
    expect(linksOf(mail).size).toBe(0);
    expect(text).not.toContain('/act/');
    expect(text).toContain('Why: A CAPTCHA blocks the checkout');
    expect(text).toContain('What to do: Tick the box, then type the code');
    expect(text).toContain(`Open the live view and take control: https://app.example.com/inbox#${encodeURIComponent(pid('hc-1'))}`);
    expect(text).not.toContain('has control');
    expect(mail.raw).not.toContain(SECRET);
    expect(mail.raw).not.toContain('live.example.com');
    await a.proxy.close();
    expect(smtp.mails).toHaveLength(before + 1);
  });

  it('changes nothing on HEAD and GET (mail scanners), applies the POST once, and says a used link was used', async () => {
    const a = await mailer();
    const { opened, links } = await openAndMail(a, sendInvoice('el-1'));
    const approve = links.get('Approve send_email')!;

    const head = await visit(a, approve, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.html).toBe('');
    const pageHeaders: Array<[string, string]> = [
      ['cache-control', 'no-store'],
      ['referrer-policy', 'no-referrer'],
      ['x-robots-tag', 'noindex'],
      ['content-type', 'text/html; charset=utf-8'],
    ];
    for (const [name, value] of pageHeaders) expect(head.headers.get(name)).toBe(value);
    expect(head.headers.get('content-security-policy')).toMatch(/^default-src 'none'; form-action 'self'/);

    const page = await visit(a, approve, 'GET');
    expect(page.status).toBe(200);
    expect(page.html).toContain('<html lang="en">');
    expect(page.html).toContain('<meta name="robots" content="noindex">');
    expect(heading(page)).toBe('Send the invoice?');
    // The agent's text, as text.
    expect(page.html).toContain('<p>Mails &lt;b&gt;invoice&lt;/b&gt; 42 &amp; its PDF</p>');
    expect(page.html).toContain('<p>Pressing the button below will approve send_email, answering as ann@blue.</p>');
    expect(page.html).toContain('<form method="post"><button type="submit">Approve send_email</button></form>');
    expect(page.html).not.toMatch(/<script|<b>|cfo@example\.com/);
    await visit(a, approve, 'GET');
    await visit(a, links.get('Reject send_email')!, 'GET');
    expect(await stateOf(a, pid('el-1'))).toBe('open');
    expect(await settled(opened)).toBe(false);
    expect(fx.audited.filter((entry) => entry.action === 'answer_request')).toEqual([]);

    const done = await visit(a, approve, 'POST');
    expect(done.status).toBe(200);
    expect(heading(done)).toBe('Done');
    expect(done.html).toContain('You approved send_email.');
    expect(await opened).toEqual({ requestId: 'el-1', action: 'accept', decisions: [{ type: 'approve' }] });
    const answers = fx.audited.filter((entry) => entry.action === 'answer_request');
    expect(answers).toEqual([
      expect.objectContaining({ user: 'ann@blue', team: 'blue', requestId: pid('el-1'), outcome: 'accepted', via: 'email' }),
    ]);
    // The team's audit trail says it too.
    const trail = await call(a, 'ann@blue', 'GET', '/audit');
    expect(trail.body.data).toContainEqual(expect.objectContaining({ action: 'answer_request', user: 'ann@blue', via: 'email' }));

    const again = await visit(a, approve, 'POST');
    expect(again.status).toBe(409);
    expect(heading(again)).toBe('This link was already used');
    expect(again.html).toMatch(/Answered by ann@blue at \d{4}-\d\d-\d\d \d\d:\d\d UTC\./);
    const other = await visit(a, links.get('Reject send_email')!, 'POST');
    expect(heading(other)).toBe('This request was already answered');
    expect(fx.audited.filter((entry) => entry.action === 'answer_request' && entry.outcome === 'accepted')).toHaveLength(1);
  });

  it('offers "always" where the source allows it, and carries it to the source', async () => {
    const a = await mailer();
    const always = sendInvoice('el-9');
    const { opened, links } = await openAndMail(a, { ...always, actions: [{ ...always.actions[0]!, allowAlways: true }] });
    expect([...links.keys()]).toEqual([
      'Approve send_email',
      'Always approve send_email',
      'Reject send_email',
      'Always reject send_email',
      'Decline',
      'Cancel',
    ]);
    const page = await visit(a, links.get('Always reject send_email')!, 'GET');
    expect(page.html).toContain('will reject send_email now and at its later calls, without asking again');
    const done = await visit(a, links.get('Always reject send_email')!, 'POST');
    expect([done.status, heading(done)]).toEqual([200, 'Done']);
    expect(await opened).toEqual({ requestId: 'el-9', action: 'accept', decisions: [{ type: 'reject', always: true }] });
  });

  it('says when a link expired, was changed (404) or its request was withdrawn, and answers nothing', async () => {
    const a = await mailer({ ttlMs: 1 });
    const { opened, links } = await openAndMail(a, sendInvoice('el-1'));
    const approve = links.get('Approve send_email')!;
    const expiresAt = parseInt(
      (JSON.parse(Buffer.from(approve.slice(LINK_PREFIX.length).split('.')[0]!, 'base64url').toString()) as string[])[5]!,
      36,
    );
    await vi.waitUntil(() => Date.now() > expiresAt);
    for (const method of ['GET', 'POST'] as const) {
      const expired = await visit(a, approve, method);
      expect(expired.status).toBe(410);
      expect(heading(expired)).toBe('This link has expired');
      expect(expired.html).not.toContain('<form');
    }
    expect(await stateOf(a, pid('el-1'))).toBe('open');
    expect(await settled(opened)).toBe(false);

    // Changed: its MAC, or its payload (another decision) under the MAC it had.
    const [payload, mac] = links.get('Reject send_email')!.slice(LINK_PREFIX.length).split('.') as [string, string];
    const swapped = Buffer.from(Buffer.from(payload, 'base64url').toString().replace('"reject"', '"approve"')).toString('base64url');
    for (const token of [
      `${payload}.${mac.slice(0, -2)}${mac.endsWith('AA') ? 'AB' : 'AA'}`,
      `${swapped}.${mac}`,
      'nonsense',
      `${payload}.`,
    ]) {
      const changed = await visit(a, LINK_PREFIX + token, 'POST');
      expect(changed.status).toBe(404);
      expect(heading(changed)).toBe('This link is not valid');
    }
    expect(await stateOf(a, pid('el-1'))).toBe('open');

    // Withdrawn by its source.
    const b = await mailer();
    const second = await openAndMail(b, sendInvoice('el-2'));
    await b.proxy.requests.cancel(pid('el-2'));
    expect(await second.opened).toEqual({ requestId: 'el-2', action: 'cancel' });
    for (const method of ['GET', 'POST'] as const) {
      const withdrawn = await visit(b, second.links.get('Approve send_email')!, method);
      expect(withdrawn.status).toBe(410);
      expect(heading(withdrawn)).toBe('This request was withdrawn');
    }
    expect(fx.audited.filter((entry) => entry.action === 'answer_request')).toEqual([]);
  });

  it('gives one 2xx when a page and an e-mail answer one request at once, and tells the other who answered', async () => {
    const race = holdFirstAnswer();
    const a = await mailer();
    for (const [round, id] of ['el-1', 'el-2', 'el-3', 'el-4'].entries()) {
      const { opened, links } = await openAndMail(a, sendInvoice(id));
      race.firstWins = round % 2 === 0;
      const [page, mail] = await Promise.all([
        answer(a, 'bob@blue', id, { requestId: id, action: 'accept', decisions: [{ type: 'reject' }] }),
        visit(a, links.get('Approve send_email')!, 'POST'),
      ]);
      expect(race.contended).toBe(round + 1);
      const got = await opened;
      if (mail.status === 200) {
        expect(page.status).toBe(409);
        expect(page.body).toMatchObject({ code: 'already_answered', answeredBy: 'ann@blue' });
        expect(got).toEqual(approved(id));
      } else {
        expect(page.status).toBe(200);
        expect(mail.status).toBe(409);
        expect(heading(mail)).toBe('This request was already answered');
        expect(mail.html).toContain('Answered by bob@blue at');
        expect(got).toEqual({ requestId: id, action: 'accept', decisions: [{ type: 'reject' }] });
      }
      const answers = fx.audited.filter((entry) => entry.action === 'answer_request' && entry.requestId === pid(id));
      expect(answers.map((entry) => `${entry.via} ${entry.outcome}`).sort()).toEqual(
        mail.status === 200 ? ['email accepted', 'page already_answered'] : ['email already_answered', 'page accepted'],
      );
    }
  });

  it('delivers once an answer whose link reaches an instance that did not open the request', async () => {
    const a = await mailer();
    const b = await mailer();
    const { opened, links } = await openAndMail(a, sendInvoice('el-1'));
    const approve = links.get('Approve send_email')!;
    const done = await visit(b, approve, 'POST');
    expect(done.status).toBe(200);
    expect(await opened).toEqual(approved('el-1'));
    const states = fx.written
      .map((json) => JSON.parse(json) as { id: string; state: string })
      .filter((record) => record.id === pid('el-1'));
    expect(states.filter((record) => record.state === 'answered')).toHaveLength(1);
    expect(states.filter((record) => record.state === 'delivered')).toHaveLength(1);
    // Used on b, used on a too.
    expect(heading(await visit(a, approve, 'POST'))).toBe('This link was already used');
    expect(smtp.mails).toHaveLength(2);
  });

  it('answers nothing for an address identify no longer maps to the request team', async () => {
    const a = await mailer();
    const { opened, links } = await openAndMail(a, sendInvoice('el-1'));
    // Ann moved to team red after the mail went out.
    directory.set('ann@example.com', { user: 'ann@red', team: 'red' });
    for (const method of ['GET', 'POST'] as const) {
      const refused = await visit(a, links.get('Approve send_email')!, method);
      expect(refused.status).toBe(403);
      expect(heading(refused)).toBe('This link cannot answer this request');
      expect(refused.html).not.toContain('<form');
    }
    // Nobody at all.
    directory.delete('ann@example.com');
    expect((await visit(a, links.get('Decline')!, 'POST')).status).toBe(403);
    expect(await stateOf(a, pid('el-1'))).toBe('open');
    expect(await settled(opened)).toBe(false);
    expect(fx.audited.filter((entry) => entry.action === 'answer_request')).toEqual([]);
  });

  it('refuses a channel with actions without publicUrl, a publicUrl that is no http(s) address, and two such channels of one name', () => {
    const secret = 'a-secret-of-at-least-32-characters!';
    expect(() => createTaskProxy({ secret, notify: notify() })).toThrow(/needs? publicUrl/);
    for (const publicUrl of ['app.example.com', 'ftp://app.example.com', 'https://app.example.com/?x=1'])
      expect(() => createTaskProxy({ secret, publicUrl, notify: notify() })).toThrow(/publicUrl must be an absolute http\(s\) address/);
    const twice = { ...notify(), escalate: [{ afterMs: 1000, channels: notify().channels }] };
    expect(() => createTaskProxy({ secret, publicUrl: PUBLIC_URL, notify: twice })).toThrow(/two channels with actions are named "email"/);
    expect(() => emailChannel({ transport: { sendMail: () => Promise.resolve() }, from: 'a@b', to: 'c@d', actions: {} as never })).toThrow(
      /actions\.identify must be a function/,
    );
  });
});
