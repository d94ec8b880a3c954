import { createContext, useContext, type ReactNode } from 'react';
import type { HostSdk } from '@atrium/host-web/sdk';

/** The host SDK handed to the factory, made available to the remote's components. */
const SdkContext = createContext<HostSdk | null>(null);

export function SdkProvider({ sdk, children }: { sdk: HostSdk; children: ReactNode }) {
  return <SdkContext.Provider value={sdk}>{children}</SdkContext.Provider>;
}

export function useSdk(): HostSdk {
  const sdk = useContext(SdkContext);
  if (!sdk) throw new Error('internal chat: the host SDK is missing (render inside SdkProvider)');
  return sdk;
}
