import type { components } from '../../lib/api/schema';

// Wire types come from the server's OpenAPI document (src/lib/api/schema.d.ts, `npm run gen:api`).
export type Contractor = components['schemas']['Contractor'];
export type ContractorWrite = components['schemas']['ContractorWrite'];
export type Bid = components['schemas']['Bid'];
export type BidWrite = components['schemas']['BidWrite'];
export type BidComparison = components['schemas']['BidComparison'];
export type ComparedBid = components['schemas']['ComparedBid'];
/** A document of a task (`GET /api/documents/?task={id}`): what a bid may point at. */
export type BidDocument = components['schemas']['Document'];

/** A bid's status on the wire. Awards have their own call; a PATCH sets only pending or declined. */
export type BidStatus = 'pending' | 'awarded' | 'declined';
/** "Check the scope": more than 25% above (`high`) or below (`low`) the regional prediction. */
export type BidFlag = 'high' | 'low';
