/**
 * Signs in through the gateway and the fake Discord over plain HTTP, as a browser would:
 * /auth/discord -> fake authorize page -> its form post -> /auth/discord/callback.
 * Returns the Cookie header value to send with later requests.
 */
export async function signIn(baseUrl: string, username: string): Promise<string> {
  const jar = new Map<string, string>();
  const remember = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (value) jar.set(name, value);
      else jar.delete(name);
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');

  const start = await fetch(`${baseUrl}/auth/discord`, { redirect: 'manual' });
  remember(start);
  const authorizeUrl = start.headers.get('location');
  if (start.status !== 302 || !authorizeUrl) throw new Error(`/auth/discord answered ${start.status}`);

  const page = await fetch(authorizeUrl);
  const html = await page.text();
  const form = /<form[^>]*method="post"[^>]*action="([^"]*)"[^>]*>([\s\S]*?)<\/form>/i.exec(html);
  if (!form) throw new Error('no sign-in form on the fake Discord page');
  const fields = new URLSearchParams();
  for (const m of form[2]!.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g))
    fields.set(m[1]!, decode(m[2]!));
  const button = new RegExp(`<button[^>]*name="([^"]+)"[^>]*value="([^"]+)"[^>]*>[^<]*${username}`, 'i').exec(
    form[2]!,
  );
  if (!button) throw new Error(`no button for ${username} on the fake Discord page`);
  fields.set(button[1]!, decode(button[2]!));
  const consent = await fetch(new URL(decode(form[1]!), authorizeUrl), {
    method: 'POST',
    body: fields,
    redirect: 'manual',
  });
  const callback = consent.headers.get('location');
  if (!callback) throw new Error(`fake Discord answered ${consent.status} without a redirect`);

  const done = await fetch(callback, { headers: { cookie: cookie() }, redirect: 'manual' });
  remember(done);
  if (done.headers.get('location') !== '/')
    throw new Error(`sign-in failed: ${done.headers.get('location')}`);
  return cookie();
}

const decode = (s: string) =>
  s
    .replaceAll('&amp;', '&')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>');

/**
 * Environment that keeps a system started by a test apart from others on the same NATS and
 * Redis servers: its own bus namespace and cache prefix (the bot's state is in the cache).
 */
export function isolated(): Record<string, string> {
  const ns = `t${Math.random().toString(36).slice(2, 10)}`;
  return { BUS_NAMESPACE: ns };
}
