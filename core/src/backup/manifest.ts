import type { DatabaseKind } from '../config/index.js';

/** `atrium-backup.json`, the archive's first entry: what it holds and how it was made. */
export interface BackupManifest {
  format: 'atrium-backup';
  version: 1;
  createdAt: string;
  coreVersion: string;
  database: DatabaseKind;
  /** The archive holds DATA_DIR/secrets.json: the keys that sign sessions and decrypt stored secrets. */
  containsSecrets: boolean;
  /** Secrets the server took from its environment, which the archive therefore lacks: give them to the restored server. */
  secretsFromEnvironment: string[];
  notice: string;
  media: { files: number; bytes: number };
  /** MariaDB: rows per table as dumped. */
  tables?: Record<string, number>;
}

export const MANIFEST_NAME = 'atrium-backup.json';
export const SECRETS_NAME = 'secrets.json';
export const SQLITE_NAME = 'database/atrium.sqlite';
export const MYSQL_DIR = 'database';

export const SECRETS_NOTICE = 'This archive holds secrets: secrets.json has the keys that sign sessions and decrypt the stored API keys and tokens. '
  + 'Keep it as private as the database itself (or make it with --encrypt).';

/** The names of the environment's secrets the server uses instead of secrets.json (config/index.ts). */
export const SECRET_ENV_NAMES = ['SECRETS_KEY', 'JWT_SECRET', 'JWT_REFRESH_SECRET'];
