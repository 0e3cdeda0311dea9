// The mail bench's SMTP server (mail.mjs), in a process of its own so that the load generator's busy event loop in
// the bench process never delays its answers: accepts every message, keeps nothing, and tells its parent (IPC) the
// recipients of each. Argument: none (a free loopback port; the parent learns it from the first message).
import { SMTPServer } from 'smtp-server';

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  maxClients: 1000,
  onData(stream, session, callback) {
    stream.resume();
    stream.on('end', () => {
      process.send({ type: 'mail', to: session.envelope.rcptTo.map((r) => r.address) });
      callback();
    });
  },
});
server.listen(0, '127.0.0.1', () => process.send({ type: 'ready', port: server.server.address().port }));
process.on('disconnect', () => process.exit(0));
