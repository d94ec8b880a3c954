import type { MetaKind } from './kinds.js';

/** A connection's Page settings, one row of `metaPages` per connection; the token, app secret and verify token are sealed. */
export interface MetaPageRow {
  id: number;
  companyId: number;
  whatsappId: number;
  kind: MetaKind;
  pageId: string;
  instagramId: string | null;
  pageAccessToken: string;
  appSecret: string;
  verifyToken: string;
  graphVersion: string;
  publicId: string;
}

export const PAGES_TABLE = 'metaPages';
export const THREADS_TABLE = 'metaThreads';
export const SENT_TABLE = 'metaSent';
export const DEFAULT_GRAPH_VERSION = 'v23.0';

/** The Graph API's host; the operator points it elsewhere (a proxy, the tests' fake). Read at each call. */
export const DEFAULT_GRAPH_BASE_URL = 'https://graph.facebook.com';
export const graphBaseUrl = () => (process.env.META_GRAPH_BASE_URL || DEFAULT_GRAPH_BASE_URL).replace(/\/+$/, '');
