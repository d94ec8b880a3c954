export interface FileOption { id?: number; name: string; path?: string | null; mediaType?: string | null }
export interface FileList { id: number; name: string; message?: string | null; options?: FileOption[] }
/** A row of the form: a stored option, or a new one waiting for its file. */
export interface OptionRow extends FileOption { file?: File | null }
