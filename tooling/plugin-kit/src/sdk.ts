/// <reference types="node" />
/**
 * The core's plugin SDK types, as an outside plugin sees them: its tsconfig maps `@atrium/core/sdk` here, so its
 * sources import exactly what a plugin inside the repo imports (`import type … from '@atrium/core/sdk'`). By path,
 * not by package name: the plugin's mapping of that name would lead back here.
 */
export type * from '../../../core/src/sdk/index.js';
