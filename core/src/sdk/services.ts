/**
 * Domain services the core publishes to plugins through `sdk.services`. Each domain sets its
 * entry when it registers; a plugin reads it at request time. Keep these small and stable: they
 * are part of the public contract.
 */
export interface CoreServices {
  [name: string]: unknown;
}
