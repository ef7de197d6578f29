/** `npm run backup -- <file>`: a consistent copy of the embedded database (server/db/backup-requests.ts). */
import { readEnv } from '../server/env';
import { BackupError, backup } from '../server/ops/backup-restore';
import { privateFileModes } from '../server/ops/file-modes';

const target = process.argv[2];
if (!target) {
  process.stderr.write('Uso: npm run backup -- <arquivo.tar.gz>\n');
  process.exit(2);
}
// The copy holds the VAPID private key and every customer: readable by this user only.
privateFileModes();
try {
  const { bytes, via } = await backup(readEnv(), target);
  const how = via === 'server' ? 'feita pelo servidor em execução' : 'servidor parado';
  process.stdout.write(`Cópia gravada em ${target} (${bytes} bytes; ${how}).\n`);
} catch (error) {
  const message = error instanceof BackupError ? error.message : String(error);
  process.stderr.write(`Backup não feito: ${message}\n`);
  process.exit(1);
}
