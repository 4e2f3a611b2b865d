import { z } from 'zod';
import type { Endpoint } from './endpoints';
import { canGiveContractFeedback, canManageContracts } from './policies';

/** Where a civic contract is in its life. */
export const CONTRACT_STATUSES = ['draft', 'active', 'completed', 'cancelled'] as const;
export const contractStatusSchema = z.enum(CONTRACT_STATUSES).meta({ id: 'ContractStatus' });
export type ContractStatus = z.infer<typeof contractStatusSchema>;

/** The kinds of civic contract the city publishes. */
export const CONTRACT_TYPES = [
  'public_works',
  'procurement',
  'service',
  'policy',
  'partnership',
] as const;
export const contractTypeSchema = z.enum(CONTRACT_TYPES).meta({ id: 'ContractType' });
export type ContractType = z.infer<typeof contractTypeSchema>;

/** Longest piece of citizen feedback on a contract. */
export const MAX_FEEDBACK_LENGTH = 500;

const name = z.string().trim().min(3, 'must be at least 3 characters').max(120);
const description = z.string().trim().min(10, 'must be at least 10 characters').max(2_000);

/** One version of a contract: what it said and which status it had from `at` on. */
export const contractVersionSchema = z
  .object({
    version: z.number().int().positive(),
    name: z.string(),
    type: contractTypeSchema,
    description: z.string(),
    status: contractStatusSchema,
    at: z.string(),
    /** The ledger entry that records this version. */
    ledgerSeq: z.number().int().positive().nullable(),
  })
  .meta({ id: 'ContractVersion' });

export const contractSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    type: contractTypeSchema,
    description: z.string(),
    status: contractStatusSchema,
    version: z.number().int().positive(),
    createdAt: z.string(),
    updatedAt: z.string(),
    feedbackCount: z.number().int().nonnegative(),
    /** Every version, newest first. */
    versions: z.array(contractVersionSchema),
  })
  .meta({ id: 'Contract' });
export type Contract = z.infer<typeof contractSchema>;

export const contractListSchema = z.array(contractSchema).meta({ id: 'ContractList' });

/** `POST /api/contracts` (admin). */
export const createContractSchema = z
  .object({
    name,
    type: contractTypeSchema,
    description,
    status: contractStatusSchema.default('draft'),
  })
  .strict()
  .meta({ id: 'CreateContract' });
export type CreateContract = z.infer<typeof createContractSchema>;

/** `PATCH /api/contracts/:id` (admin): any change makes a new version. */
export const updateContractSchema = z
  .object({
    name: name.optional(),
    type: contractTypeSchema.optional(),
    description: description.optional(),
    status: contractStatusSchema.optional(),
  })
  .strict()
  .refine((v) => Object.values(v).some((field) => field !== undefined), {
    message: 'give at least one of name, type, description or status',
  })
  .meta({ id: 'UpdateContract' });
export type UpdateContract = z.infer<typeof updateContractSchema>;

export const contractIdParamsSchema = z.object({ id: z.string().min(1).max(64) });

/** A citizen's feedback, as the public sees it: a pseudonym, never a name or an address. */
export const contractFeedbackSchema = z
  .object({
    id: z.string(),
    contractId: z.string(),
    body: z.string(),
    /** A stable pseudonym of the citizen, the same one the ledger shows. */
    author: z.string(),
    createdAt: z.string(),
    ledgerSeq: z.number().int().positive().nullable(),
  })
  .meta({ id: 'ContractFeedback' });
export type ContractFeedback = z.infer<typeof contractFeedbackSchema>;

export const contractFeedbackListSchema = z
  .array(contractFeedbackSchema)
  .meta({ id: 'ContractFeedbackList' });

/** `POST /api/contracts/:id/feedback` (citizens): 1 to 500 characters, one piece per citizen. */
export const createFeedbackSchema = z
  .object({
    body: z
      .string()
      .trim()
      .min(1, 'must not be empty')
      .max(MAX_FEEDBACK_LENGTH, `must be at most ${MAX_FEEDBACK_LENGTH} characters`),
  })
  .strict()
  .meta({ id: 'CreateFeedback' });
export type CreateFeedback = z.infer<typeof createFeedbackSchema>;

export const CONTRACT_ENDPOINTS = {
  list: {
    method: 'get',
    path: '/api/contracts',
    summary: 'Every civic contract with its versions, most recently changed first (public)',
    tags: ['Ledger'],
    access: 'public',
    status: 200,
    response: contractListSchema,
    description: 'The contracts',
  },
  get: {
    method: 'get',
    path: '/api/contracts/{id}',
    summary: 'One civic contract with its versions (public)',
    tags: ['Ledger'],
    access: 'public',
    params: contractIdParamsSchema,
    status: 200,
    response: contractSchema,
    description: 'The contract',
    errors: { 404: 'No such contract' },
  },
  create: {
    method: 'post',
    path: '/api/contracts',
    summary: 'Publishes a civic contract as version 1, recorded in the ledger (admin)',
    tags: ['Ledger'],
    access: canManageContracts,
    body: createContractSchema,
    status: 201,
    response: contractSchema,
    description: 'The contract',
    errors: { 403: 'Only admins publish contracts' },
  },
  update: {
    method: 'patch',
    path: '/api/contracts/{id}',
    summary: 'Changes a contract; any change is a new version, recorded in the ledger (admin)',
    tags: ['Ledger'],
    access: canManageContracts,
    params: contractIdParamsSchema,
    body: updateContractSchema,
    status: 200,
    response: contractSchema,
    description: 'The contract',
    errors: {
      403: 'Only admins change contracts',
      404: 'No such contract',
      409: 'The contract is completed or cancelled',
    },
  },
  feedback: {
    method: 'get',
    path: '/api/contracts/{id}/feedback',
    summary: 'Citizens’ feedback on a contract, newest first, by pseudonym (public)',
    tags: ['Ledger'],
    access: 'public',
    params: contractIdParamsSchema,
    status: 200,
    response: contractFeedbackListSchema,
    description: 'The feedback',
    errors: { 404: 'No such contract' },
  },
  addFeedback: {
    method: 'post',
    path: '/api/contracts/{id}/feedback',
    summary: 'A citizen’s feedback (1–500 characters, once per contract), recorded in the ledger',
    tags: ['Ledger'],
    access: canGiveContractFeedback,
    params: contractIdParamsSchema,
    body: createFeedbackSchema,
    status: 201,
    response: contractFeedbackSchema,
    description: 'The feedback',
    errors: {
      403: 'Only citizens give feedback',
      404: 'No such contract',
      409: 'Feedback given already, or the contract is completed or cancelled',
    },
  },
} as const satisfies Record<string, Endpoint>;
