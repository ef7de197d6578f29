/** `npm run restore -- <file>`: fills an empty DATA_DIR from a copy made by `npm run backup`. */
import path from 'node:path';
import { readEnv } from '../server/env';
import { BackupError, restore } from '../server/ops/backup-restore';
import { privateFileModes } from '../server/ops/file-modes';

const source = process.argv[2];
if (!source) {
  process.stderr.write('Uso: npm run restore -- <arquivo.tar.gz>\n');
  process.exit(2);
}
// The copy holds the VAPID private key and every customer: readable by this user only.
privateFileModes();
try {
  const env = readEnv();
  await restore(env, source);
  process.stdout.write(`Banco restaurado em ${path.resolve(env.DATA_DIR)}. Inicie o servidor.\n`);
} catch (error) {
  const message = error instanceof BackupError ? error.message : String(error);
  process.stderr.write(`Restauração não feita: ${message}\n`);
  process.exit(1);
}
