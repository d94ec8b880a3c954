import { BaseModel } from '../model.js';

/** Help entries are global: the super user writes them for every company. */
export class Help extends BaseModel {
  static tableName = 'helps';
  title!: string;
  video?: string | null;
  description?: string | null;
  link?: string | null;
}
