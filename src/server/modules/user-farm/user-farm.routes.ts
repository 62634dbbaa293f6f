import { Type } from 'typebox';
import { Envelope, IdParams, MessageOnly, Uuid } from '#shared/contracts/envelope';
import {
  AddUserFarmBody,
  Permission,
  PermissionQuery,
  Role,
  UpdatePermissionsBody,
  UpdateUserFarmBody,
  UserFarm,
} from '#shared/contracts/farm';
import type { Api, AppContext } from '../../types.ts';

const tags = ['user-farm'];

/** HTTP only: roles, permission levels and the members of a farm. */
export function userFarmRoutes(api: Api, ctx: AppContext): void {
  const { permissions, userFarms } = ctx;

  api.get('/role', { schema: { tags, response: { 200: Envelope(Type.Array(Role)) } } }, async (req) => ({
    message: req.t('server.ok'),
    data: await permissions.roles(),
  }));

  api.get(
    '/permission',
    { schema: { tags, querystring: PermissionQuery, response: { 200: Envelope(Type.Array(Permission)) } } },
    async (req) => ({
      message: req.t('server.ok'),
      data: await permissions.list(req.user.id, req.query.farm_id, req.query.role_id),
    }),
  );

  api.put(
    '/permission',
    { schema: { tags, body: UpdatePermissionsBody, response: { 200: Envelope(Type.Array(Permission)) } } },
    async (req) => ({
      message: req.t('server.updated'),
      data: await permissions.update(req.user.id, req.body),
    }),
  );

  api.get(
    '/userFarm',
    {
      schema: {
        tags,
        querystring: Type.Object({ farm_id: Uuid }),
        response: { 200: Envelope(Type.Array(UserFarm)) },
      },
    },
    async (req) => ({
      message: req.t('server.ok'),
      data: await userFarms.list(req.user.id, req.query.farm_id),
    }),
  );

  api.post(
    '/userFarm',
    { schema: { tags, body: AddUserFarmBody, response: { 201: Envelope(UserFarm) } } },
    async (req, reply) => {
      const member = await userFarms.add(req.user.id, req.body, req.lang);
      return reply.status(201).send({ message: req.t('server.created'), data: member });
    },
  );

  api.put(
    '/userFarm/:id/update',
    { schema: { tags, params: IdParams, body: UpdateUserFarmBody, response: { 200: Envelope(UserFarm) } } },
    async (req) => ({
      message: req.t('server.updated'),
      data: await userFarms.update(req.user.id, req.params.id, req.body),
    }),
  );

  api.delete(
    '/userFarm/:id/delete',
    { schema: { tags, params: IdParams, response: { 200: MessageOnly } } },
    async (req) => {
      await userFarms.remove(req.user.id, req.params.id);
      return { message: req.t('server.deleted'), data: null };
    },
  );
}
