// Declarations for two dependencies without types of their own. tar-stream 2.x (a dependency of exceljs' archiver, declared by the core): the part the backup uses.
declare module 'tar-stream' {
  import type { Readable, Writable } from 'node:stream';
  export interface Headers { name: string; size?: number; mode?: number; mtime?: Date; type?: 'file' | 'directory' | string }
  export interface Pack extends Readable {
    entry(header: Headers, callback?: (err?: Error | null) => void): Writable;
    entry(header: Headers, buffer: Buffer | string, callback?: (err?: Error | null) => void): Writable;
    finalize(): void;
  }
  export interface Extract extends Writable {
    on(event: 'entry', listener: (header: Headers, stream: Readable, next: (err?: Error) => void) => void): this;
    on(event: string, listener: (...args: any[]) => void): this;
  }
  export function pack(): Pack;
  export function extract(): Extract;
}

// better-sqlite3 (knex's SQLite driver) ships no types either; the backup opens its own connection for the online backup.
declare module 'better-sqlite3' {
  interface Options { fileMustExist?: boolean; readonly?: boolean }
  class Database {
    constructor(filename: string, options?: Options);
    pragma(source: string, options?: { simple?: boolean }): unknown;
    backup(destination: string, options?: { progress?: (info: { totalPages: number; remainingPages: number }) => number | undefined }): Promise<{ totalPages: number; remainingPages: number }>;
    close(): void;
  }
  export default Database;
}
