import { Type } from 'typebox';
import { Envelope, IdParams, ListEnvelope, MessageOnly } from '#shared/contracts/envelope';
import {
  AddAccountBody,
  AddCategoryBody,
  AddTransactionBody,
  CategoryQuery,
  DeleteCategoryBody,
  FarmQuery,
  FinanceAccount,
  FinanceCategory,
  FinanceTransaction,
  TransactionProposal,
  TransactionQuery,
  UpdateAccountBody,
  UpdateCategoryBody,
  UpdateTransactionBody,
} from '#shared/contracts/finance';
import type { Api, AppContext } from '../../types.ts';

const tags = ['finance'];

/** Accounts, categories and transactions (seed 000 §7 "Finance"); statistics in finance-stats.routes.ts. */
export function financeRoutes(api: Api, ctx: AppContext): void {
  const { financeAccounts: accounts, financeCategories: categories, financeTransactions: transactions } = ctx;

  api.get(
    '/account',
    { schema: { tags, querystring: FarmQuery, response: { 200: ListEnvelope(FinanceAccount) } } },
    async (req) => {
      const { items, server_time } = await accounts.list(req.user.id, req.query);
      return { message: req.t('server.ok'), data: items, server_time };
    },
  );
  api.post(
    '/account',
    {
      schema: {
        tags,
        body: AddAccountBody,
        response: { 200: Envelope(FinanceAccount), 201: Envelope(FinanceAccount) },
      },
    },
    async (req, reply) => {
      const { account, created } = await accounts.create(req.user.id, req.body);
      return reply.status(created ? 201 : 200).send({ message: req.t('server.created'), data: account });
    },
  );
  api.put(
    '/account/:id/update',
    {
      schema: {
        tags,
        params: IdParams,
        body: UpdateAccountBody,
        response: { 200: Envelope(FinanceAccount) },
      },
    },
    async (req) => ({
      message: req.t('server.updated'),
      data: await accounts.update(req.user.id, req.params.id, req.body, req.headers),
    }),
  );
  api.delete(
    '/account/:id/delete',
    { schema: { tags, params: IdParams, response: { 200: MessageOnly } } },
    async (req) => {
      await accounts.remove(req.user.id, req.params.id);
      return { message: req.t('server.deleted'), data: null };
    },
  );

  api.get(
    '/account/category',
    { schema: { tags, querystring: CategoryQuery, response: { 200: ListEnvelope(FinanceCategory) } } },
    async (req) => {
      const { items, server_time } = await categories.list(req.user.id, req.query);
      return { message: req.t('server.ok'), data: items, server_time };
    },
  );
  api.post(
    '/account/category',
    {
      schema: {
        tags,
        body: AddCategoryBody,
        response: { 200: Envelope(FinanceCategory), 201: Envelope(FinanceCategory) },
      },
    },
    async (req, reply) => {
      const { category, created } = await categories.create(req.user.id, req.body);
      return reply.status(created ? 201 : 200).send({ message: req.t('server.created'), data: category });
    },
  );
  api.put(
    '/account/category/:id/update',
    {
      schema: {
        tags,
        params: IdParams,
        body: UpdateCategoryBody,
        response: { 200: Envelope(FinanceCategory) },
      },
    },
    async (req) => ({
      message: req.t('server.updated'),
      data: await categories.update(req.user.id, req.params.id, req.body, req.headers),
    }),
  );
  api.post(
    '/account/category/:id/delete',
    { schema: { tags, params: IdParams, body: DeleteCategoryBody, response: { 200: MessageOnly } } },
    async (req) => {
      await categories.remove(req.user.id, req.params.id, req.body.farm_id);
      return { message: req.t('server.deleted'), data: null };
    },
  );

  api.get(
    '/transaction',
    { schema: { tags, querystring: TransactionQuery, response: { 200: ListEnvelope(FinanceTransaction) } } },
    async (req) => {
      const { items, server_time } = await transactions.list(req.user.id, req.query);
      return { message: req.t('server.ok'), data: items, server_time };
    },
  );
  api.post(
    '/transaction',
    {
      schema: {
        tags,
        body: AddTransactionBody,
        response: { 200: Envelope(FinanceTransaction), 201: Envelope(FinanceTransaction) },
      },
    },
    async (req, reply) => {
      const { transaction, created } = await transactions.create(req.user.id, req.body);
      return reply.status(created ? 201 : 200).send({ message: req.t('server.created'), data: transaction });
    },
  );
  api.put(
    '/transaction/:id/update',
    {
      schema: {
        tags,
        params: IdParams,
        body: UpdateTransactionBody,
        response: { 200: Envelope(FinanceTransaction) },
      },
    },
    async (req) => ({
      message: req.t('server.updated'),
      data: await transactions.update(req.user.id, req.params.id, req.body, req.headers),
    }),
  );
  api.delete(
    '/transaction/:id/delete',
    { schema: { tags, params: IdParams, response: { 200: MessageOnly } } },
    async (req) => {
      await transactions.remove(req.user.id, req.params.id);
      return { message: req.t('server.deleted'), data: null };
    },
  );
  api.get(
    '/transaction/proposal',
    {
      schema: {
        tags,
        description:
          'Harvest sales and received purchase orders not booked yet; accept with POST /transaction + source_type/source_id.',
        querystring: Type.Object({ farm_id: FarmQuery.properties.farm_id }),
        response: { 200: Envelope(Type.Array(TransactionProposal)) },
      },
    },
    async (req) => ({
      message: req.t('server.ok'),
      data: await transactions.proposals(req.user.id, req.query.farm_id),
    }),
  );
}
