import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { folderUpload } from '../imports/helpers';

/**
 * Issue 37 §2: after a 413 the server answers and closes the connection. Before, a client that
 * kept sending its 50 MB body got no answer it could read and waited forever.
 */
describe('a body over the limit (issue 37 §2)', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => t.close());

  /**
   * Sends `head` and then up to `total` bytes of body as fast as the socket takes them, as a
   * client that does not read before it has sent all; answers what came back and whether the
   * connection was ended by the server before the whole body was sent.
   */
  function sendLarge(head: string, chunk: Buffer, total: number): Promise<{ answer: string; ended: boolean; sent: number }> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1');
      let answer = '';
      let sent = 0;
      let finished = false;
      const finish = (ended: boolean) => {
        if (finished) return;
        finished = true;
        clearTimeout(timer);
        socket.destroy();
        resolve({ answer, ended, sent });
      };
      // Waiting forever is the bug: 15 s is far more than an answer takes.
      const timer = setTimeout(() => finish(false), 15_000);
      socket.on('data', (data: Buffer) => (answer += data.toString('latin1')));
      socket.on('end', () => finish(true));
      socket.on('close', () => finish(true));
      socket.on('error', (err: NodeJS.ErrnoException) => {
        // A reset after the answer is an end too; before it, a failure.
        if (answer.startsWith('HTTP/1.1 413')) finish(true);
        else if (!finished) reject(err);
      });
      socket.write(head);
      const pump = () => {
        while (!finished && sent < total) {
          sent += chunk.length;
          if (!socket.write(chunk)) return void socket.once('drain', pump);
        }
      };
      pump();
    });
  }

  it('answers a 50 MB JSON body with 413 and closes the connection while the client still sends', async () => {
    const total = 50 * 1024 * 1024;
    const res = await sendLarge(
      `POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${total}\r\n\r\n`,
      Buffer.alloc(64 * 1024, 0x20),
      total,
    );
    expect(res.answer).toMatch(/^HTTP\/1\.1 413/);
    expect(res.answer.toLowerCase()).toContain('connection: close');
    expect(res.answer).toContain('"PAYLOAD_TOO_LARGE"');
    expect(res.ended).toBe(true);
    // A path nobody serves, with a body nobody reads: answered, and closed too.
    const lost = await sendLarge(
      `POST /api/no-such-thing HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/octet-stream\r\nContent-Length: ${total}\r\n\r\n`,
      Buffer.alloc(64 * 1024, 0x20),
      total,
    );
    expect(lost.answer).toMatch(/^HTTP\/1\.1 404/);
    expect(lost.ended).toBe(true);
  });

  it('answers a multipart upload over its limit with 413 and closes the connection', async () => {
    const user = await t.signup();
    const total = 40 * 1024 * 1024;
    // An avatar may be a few MB: a 40 MB file is refused when its limit is reached.
    const { headers } = folderUpload([]);
    const boundary = headers['content-type'].split('boundary=')[1]!;
    const head =
      `POST /api/user/avatar HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${user.accessToken}\r\n` +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${total + 200}\r\n\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
    const res = await sendLarge(head, Buffer.alloc(64 * 1024, 0x41), total);
    expect(res.answer).toMatch(/^HTTP\/1\.1 413/);
    expect(res.ended).toBe(true);
  });
});
