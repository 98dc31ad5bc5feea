/** What the SillyTavern import benches share: their users, their upload and their percentiles. */
import type { openBenchApp } from './bench-database';

type BenchApp = Awaited<ReturnType<typeof openBenchApp>>;

/** The value below which `p` per cent of `sorted` lie (0 for none). */
export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** Signs a new user up through the API; answers the header that makes their calls. */
export async function signUp(app: BenchApp, email: string): Promise<{ authorization: string }> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { email, username: email.split('@')[0], password: 'Bench-Mark-Pass-1!' },
  });
  if (res.statusCode !== 201 && res.statusCode !== 200) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  return { authorization: `Bearer ${(res.json() as { accessToken: string }).accessToken}` };
}

/** A zip as the upload form sends it: the multipart body and its content type (built apart, so that a bench can time the upload alone). */
export function zipForm(zip: Buffer): { payload: Buffer; contentType: string } {
  const boundary = 'benchboundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="data.zip"\r\nContent-Type: application/zip\r\n\r\n`,
    ),
    zip,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}
