/// <reference types="node" />
/**
 * The core's plugin SDK types, as an outside plugin sees them: its tsconfig maps `@atrium/core/sdk` here, so its
 * sources import exactly what a plugin inside the repo imports (`import type … from '@atrium/core/sdk'`). By path,
 * not by package name: the plugin's mapping of that name would lead back here.
 */
export type * from '../../../core/src/sdk/index.js';
/** The SDK's one value: TypeBox's builder, for schemas declared as module constants (`import { Type } from '@atrium/core/sdk'`). */
export { Type } from '@sinclair/typebox';
