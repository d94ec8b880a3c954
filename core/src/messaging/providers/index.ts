import type { Knex } from 'knex';
import type { Config } from '../../config/index.js';
import type { Storage } from '../../storage/index.js';
import { AppError } from '../../http/errors.js';
import type { MessagingProvider, ProviderContext } from '../provider.js';
import type { ProviderFactory } from '../sessions.js';
import { SandboxProvider } from './sandbox.js';
import type { ProviderRegistry } from './registry.js';

export interface ProviderDeps { config: Config; storage: Storage; knex: Knex; registry: ProviderRegistry }

/**
 * One line per built-in channel; any other kind is one a plugin registered (sdk.providers.register).
 * Baileys is loaded on first use only: it is a large ESM module that the sandbox-only installs and
 * most tests never need.
 */
export function providerFactory(deps: ProviderDeps): ProviderFactory {
  return async (kind: string, ctx: ProviderContext): Promise<MessagingProvider> => {
    switch (kind) {
      case 'sandbox':
        return new SandboxProvider(ctx, { ...deps.config.sandbox, storage: deps.storage });
      case 'beta':
      case 'baileys': {
        const { BaileysProvider } = await import('./baileys.js');
        return new BaileysProvider(ctx, { knex: deps.knex });
      }
      default: {
        const registered = deps.registry.get(kind);
        if (registered) return registered.create(ctx);
        throw new AppError('ERR_UNKNOWN_PROVIDER', 400, `Unknown provider "${kind}"`);
      }
    }
  };
}
