import type { ComponentType } from 'react';
import { ErrorBoundary } from './ErrorBoundary';
import { useSlotContributions } from '../remotes/slots';
import type { SlotName, SlotProps } from '../sdk/types';

/**
 * A named place in a core screen that enabled remotes fill (`RemoteModule.slots`). The core screen never imports a
 * remote: it renders whatever the loaded remotes contribute, each in its own error boundary, so a contribution that
 * throws renders nothing and the screen goes on. `plugin` narrows it to one plugin's contribution (the menu badge of
 * that plugin's own entry). With no enabled remote filling it, a slot renders nothing at all.
 */
export function Slot<K extends SlotName>({ name, props, plugin }: { name: K; props: SlotProps[K]; plugin?: string }) {
  const contributions = useSlotContributions();
  return (
    <>
      {contributions.map(({ pluginId, slots }) => {
        const Contribution = slots[name] as ComponentType<SlotProps[K]> | undefined;
        if (!Contribution || (plugin && plugin !== pluginId)) return null;
        return (
          <span key={pluginId} className="slot" data-slot={name} data-plugin={pluginId}>
            <ErrorBoundary fallback={() => null}><Contribution {...props} /></ErrorBoundary>
          </span>
        );
      })}
    </>
  );
}
