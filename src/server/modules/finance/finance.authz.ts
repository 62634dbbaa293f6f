import { v7 as uuidv7 } from 'uuid';
import { BUILT_IN_ID } from '#shared/domain/finance';
import { photoUpload, seedPhoto } from '../../authz/photo-upload.ts';
import type { AuthzCase, AuthzModule } from '../../authz/types.ts';

const tx = (accountId: string, extra: Record<string, unknown> = {}) => ({
  account_id: accountId,
  category_transaction_id: BUILT_IN_ID.feed,
  metode: 'cash',
  nominal: 1000,
  transaction_date: '2025-02-01',
  ...extra,
});

const STATS = [
  '/api/totalTransaction',
  '/api/chartCashFlowPerMonth',
  '/api/arusKasPercategoryFilterByMonth',
  '/api/groupTransaction',
  '/api/analysHpp',
  '/api/getProductivitas',
];

const statsCases: AuthzCase[] = STATS.flatMap((url) => [
  { route: `GET ${url}`, request: (A) => ({ url: `${url}?farm_id=${A.farmId}` }) },
  {
    route: `GET ${url}`,
    request: (_A, B) => ({ url: `${url}?farm_id=${B.farmId}&from=2025-01-01&to=2025-12-31` }),
    status: 200,
    reason: 'b’s own farm: figures of B only, nothing of A',
  },
]);

/**
 * Finance routes called by b with farm A's ids (src/server/authz/README.md). A farm
 * with finance hidden, and a member without the finance permission, get the same 404 as
 * a stranger (finance.routes.test.ts checks those two).
 */
export const financeAuthz: AuthzModule = {
  name: 'finance',
  seed: async (app, owner, farm) => {
    const acc = await app.inject({
      method: 'POST',
      url: '/api/account',
      headers: owner.auth,
      payload: { farm_id: farm.farmId, name: `Kas ${farm.farmName}`, created_at: '2025-01-01' },
    });
    if (acc.statusCode !== 201) throw new Error(`finance seed failed: ${acc.body}`);
    const accountId = acc.json().data.account_id;
    const cat = await app.inject({
      method: 'POST',
      url: '/api/account/category',
      headers: owner.auth,
      payload: {
        farm_id: farm.farmId,
        type: 'out',
        category_icon: 'fuel',
        category_transaction_name: `Solar ${farm.farmName}`,
      },
    });
    const t = await app.inject({
      method: 'POST',
      url: '/api/transaction',
      headers: owner.auth,
      payload: tx(accountId),
    });
    if (t.statusCode !== 201) throw new Error(`finance seed failed: ${t.body}`);
    const transactionId = t.json().data.transaction_record_id;
    // A receipt photo of the transaction, through the photo pipeline (POST /api/photos).
    const receiptPhotoId = await seedPhoto(app, owner, 'transaction', transactionId);
    return {
      accountId,
      categoryId: cat.json().data.category_transaction_id,
      transactionId,
      receiptPhotoId,
    };
  },
  cases: [
    { route: 'GET /api/account', request: (A) => ({ url: `/api/account?farm_id=${A.farmId}` }) },
    {
      route: 'GET /api/account',
      request: (A) => ({ url: `/api/account?farm_id=${A.farmId}&since=2000-01-01T00:00:00Z` }),
    },
    {
      route: 'POST /api/account',
      request: (A) => ({ url: '/api/account', payload: { farm_id: A.farmId, name: 'x' } }),
    },
    {
      route: 'POST /api/account',
      request: (A, B) => ({
        url: '/api/account',
        payload: { account_id: A.extra.accountId, farm_id: B.farmId, name: 'x' },
      }),
      status: 409,
      code: 'conflict',
      reason: 'b reuses A’s account id as a client id in B: refused, A untouched',
    },
    {
      route: 'PUT /api/account/:id/update',
      request: (A) => ({
        url: `/api/account/${A.extra.accountId}/update`,
        payload: { end_date: '2025-12-31' },
      }),
    },
    {
      route: 'DELETE /api/account/:id/delete',
      request: (A) => ({ url: `/api/account/${A.extra.accountId}/delete` }),
    },
    {
      route: 'GET /api/account/category',
      request: (A) => ({ url: `/api/account/category?farm_id=${A.farmId}` }),
    },
    {
      route: 'POST /api/account/category',
      request: (A) => ({
        url: '/api/account/category',
        payload: { farm_id: A.farmId, type: 'in', category_icon: 'cash', category_transaction_name: 'x' },
      }),
    },
    {
      route: 'PUT /api/account/category/:id/update',
      request: (A) => ({
        url: `/api/account/category/${A.extra.categoryId}/update`,
        payload: { category_transaction_name: 'x' },
      }),
    },
    {
      route: 'POST /api/account/category/:id/delete',
      request: (A) => ({
        url: `/api/account/category/${A.extra.categoryId}/delete`,
        payload: { farm_id: A.farmId },
      }),
    },
    {
      route: 'POST /api/account/category/:id/delete',
      request: (A, B) => ({
        url: `/api/account/category/${A.extra.categoryId}/delete`,
        payload: { farm_id: B.farmId },
      }),
      reason: 'A’s category named with b’s own farm: not found there',
    },
    { route: 'GET /api/transaction', request: (A) => ({ url: `/api/transaction?farm_id=${A.farmId}` }) },
    {
      route: 'POST /api/transaction',
      request: (A) => ({ url: '/api/transaction', payload: tx(A.extra.accountId) }),
      status: 400,
      code: 'validation-failed',
      reason: 'A’s account named in a body: the same field error as an unknown account, nothing booked',
    },
    {
      route: 'POST /api/transaction',
      request: (A, B) => ({
        url: '/api/transaction',
        payload: tx(B.extra.accountId, { category_transaction_id: A.extra.categoryId }),
      }),
      status: 400,
      code: 'validation-failed',
      reason: 'A’s category on b’s account: unknown category field error',
    },
    {
      route: 'POST /api/transaction',
      request: (A, B) => ({
        url: '/api/transaction',
        payload: tx(B.extra.accountId, { transaction_record_id: A.extra.transactionId }),
      }),
      status: 409,
      code: 'conflict',
      reason: 'b reuses A’s transaction id as a client id: refused, A untouched',
    },
    {
      route: 'PUT /api/transaction/:id/update',
      request: (A) => ({ url: `/api/transaction/${A.extra.transactionId}/update`, payload: { nominal: 5 } }),
    },
    {
      route: 'DELETE /api/transaction/:id/delete',
      request: (A) => ({ url: `/api/transaction/${A.extra.transactionId}/delete` }),
    },
    {
      route: 'POST /api/photos',
      request: (A) =>
        photoUpload({ id: uuidv7(), record_type: 'transaction', record_id: A.extra.transactionId }),
    },
    {
      route: 'DELETE /api/transaction/photo/:id/delete',
      request: (A) => ({ url: `/api/transaction/photo/${A.extra.receiptPhotoId}/delete` }),
    },
    {
      route: 'GET /api/transaction/proposal',
      request: (A) => ({ url: `/api/transaction/proposal?farm_id=${A.farmId}` }),
    },
    {
      route: 'PUT /api/transaction/:id/update',
      request: (A) => ({
        url: `/api/transaction/${uuidv7()}/update`,
        payload: { account_id: A.extra.accountId },
      }),
    },
    ...statsCases,
  ],
};
