const MANIFEST_NAME = "atrium-backup.json";
const SECRETS_NAME = "secrets.json";
const SQLITE_NAME = "database/atrium.sqlite";
const MYSQL_DIR = "database";
const SECRETS_NOTICE = "This archive holds secrets: secrets.json has the keys that sign sessions and decrypt the stored API keys and tokens. Keep it as private as the database itself (or make it with --encrypt).";
const SECRET_ENV_NAMES = ["SECRETS_KEY", "JWT_SECRET", "JWT_REFRESH_SECRET"];
export {
  MANIFEST_NAME,
  MYSQL_DIR,
  SECRETS_NAME,
  SECRETS_NOTICE,
  SECRET_ENV_NAMES,
  SQLITE_NAME
};
