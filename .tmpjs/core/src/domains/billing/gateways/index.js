import { asaasGateway } from "./asaas.js";
import { pixGateway } from "./pix.js";
import { sandboxGateway } from "./sandbox.js";
const GATEWAYS = { pix: pixGateway, sandbox: sandboxGateway, asaas: asaasGateway };
const gatewayNamed = (name) => name === "none" ? void 0 : GATEWAYS[name];
export {
  gatewayNamed
};
