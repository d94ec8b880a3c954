export interface ExtraInfo { id?: number; name: string; value?: string | null }

export interface Contact {
  id: number;
  name: string;
  number: string;
  email?: string | null;
  uuid?: string;
  profilePicUrl?: string | null;
  isGroup?: boolean;
  extraInfo?: ExtraInfo[];
}

export interface ImportResult {
  newContacts: Array<{ contactId: number; contactName: string }>;
  errorBag: Array<{ contactName: string; error: { message: string } }>;
}
