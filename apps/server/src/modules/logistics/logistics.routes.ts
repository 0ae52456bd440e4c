import {
  ZDeliveryAddBodySchema,
  ZDeliveryAddressSchema,
  ZDeliveryDeleteBodySchema,
  ZDeliveryListResponseSchema,
  ZDeliveryUpdateBodySchema,
  ZShipmentCreatedSchema,
  ZShipmentRequestFieldsSchema,
  ZShipmentSchema,
  ZShippableOrderSchema,
  errorResponses,
  okEnvelope,
} from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../lib/current-user';
import { readMultipart, uploadForm } from '../../lib/uploads';
import { ATTACHMENT_POLICY } from '../files';
import * as service from './logistics.service';

const deliveryList = okEnvelope(ZDeliveryListResponseSchema);

export const logisticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/delivery',
    { schema: { tags: ['logistics'], summary: "The user's delivery addresses", response: { 200: okEnvelope(z.array(ZDeliveryAddressSchema)), ...errorResponses(400, 401, 403) } } },
    async (request) => ({ error: null, response: await service.listAddresses(app.db, currentUser(request).id) }),
  );

  app.post(
    '/user/delivery/add',
    { schema: { tags: ['logistics'], summary: 'Add a delivery address; answers the list', body: ZDeliveryAddBodySchema, response: { 200: deliveryList, ...errorResponses(400, 401, 403, 409, 413, 415, 503, 507) } } },
    async (request) => ({
      error: null,
      response: { data: await service.addAddress(app.db, currentUser(request).id, request.body.label, request.ip) },
    }),
  );

  app.post(
    '/user/delivery/update',
    { schema: { tags: ['logistics'], summary: 'Change a delivery address; answers the list', body: ZDeliveryUpdateBodySchema, response: { 200: deliveryList, ...errorResponses(400, 401, 403, 404, 409, 413, 415, 503, 507) } } },
    async (request) => ({
      error: null,
      response: { data: await service.updateAddress(app.db, currentUser(request).id, request.body.index, request.body.label, request.ip) },
    }),
  );

  app.post(
    '/user/delivery/delete',
    { schema: { tags: ['logistics'], summary: 'Delete a delivery address; answers the list', body: ZDeliveryDeleteBodySchema, response: { 200: deliveryList, ...errorResponses(400, 401, 403, 404, 413, 415, 503, 507) } } },
    async (request) => ({
      error: null,
      response: { data: await service.deleteAddress(app.db, currentUser(request).id, request.body.index, request.ip) },
    }),
  );

  app.get(
    '/user/shipments',
    {
      schema: {
        tags: ['logistics'],
        summary: "Shipments of the user's companies, by bitrix_id descending (an empty list is [])",
        response: { 200: okEnvelope(z.array(ZShipmentSchema)), ...errorResponses(400, 401) },
      },
    },
    async (request) => ({ error: null, response: await service.listShipments(app.db, currentUser(request).id) }),
  );

  app.get(
    '/user/shipments/orders',
    {
      schema: {
        tags: ['logistics'],
        summary: "Orders of the user's companies a shipment can be requested for, newest first",
        response: { 200: okEnvelope(z.array(ZShippableOrderSchema)), ...errorResponses(400, 401) },
      },
    },
    async (request) => ({ error: null, response: await service.listShippableOrders(app.db, currentUser(request).id) }),
  );

  app.post(
    '/user/shipments/add',
    {
      schema: {
        tags: ['logistics'],
        summary: 'Request a shipment of an order: address, date (DD.MM.YYYY), comment and files',
        form: uploadForm(ATTACHMENT_POLICY, ZShipmentRequestFieldsSchema),
        // 409: the order cannot ship (none of its checks is paid or reserved).
        response: { 200: okEnvelope(ZShipmentCreatedSchema), ...errorResponses(400, 401, 403, 404, 409, 413, 415, 503, 507) },
      },
    },
    async (request) => {
      const form = await readMultipart(request);
      return { error: null, response: await service.requestShipment(app.db, app.storage, currentUser(request).id, form) };
    },
  );
};
