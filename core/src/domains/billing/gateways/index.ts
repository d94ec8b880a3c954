import type { GatewayName } from '../config.js';
import { asaasGateway } from './asaas.js';
import { pixGateway } from './pix.js';
import { sandboxGateway } from './sandbox.js';
import type { Gateway } from './types.js';

export type { Charge, Gateway } from './types.js';

const GATEWAYS: Record<Exclude<GatewayName, 'none'>, Gateway> = { pix: pixGateway, sandbox: sandboxGateway, asaas: asaasGateway };

export const gatewayNamed = (name: GatewayName): Gateway | undefined => (name === 'none' ? undefined : GATEWAYS[name]);
