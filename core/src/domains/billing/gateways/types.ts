import type { Company, Invoice } from '../../../db/models/index.js';
import type { BillingConfig, GatewayName } from '../config.js';

/** A charge for one invoice: what the payer scans or pastes, and how long it can be paid. */
export interface Charge {
  /** The gateway's id for the charge (matched by its webhook); null for a static code. */
  chargeId: string | null;
  /** The Pix copy-paste code (BR Code) the QR image encodes. */
  payload: string;
  txid: string | null;
  /** ISO time after which a new charge is made; null when it never expires. */
  expiresAt: string | null;
}

export interface ChargeRequest { invoice: Invoice; company: Company; config: BillingConfig }

/** A payment gateway: makes the charge for an invoice. Payments come back through `settleInvoice`. */
export interface Gateway {
  readonly name: Exclude<GatewayName, 'none'>;
  /** Undefined when the operator's settings let it charge, else what is missing. */
  misconfigured(config: BillingConfig): string | undefined;
  createCharge(request: ChargeRequest): Promise<Charge>;
}
