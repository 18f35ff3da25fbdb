import { ro } from '../../data-api/model-builders';
import type { FieldDef, ModelDef } from '../../data-api/model-types';
import { customerValueAnalytics } from '../../db/schema';
import { commerceActionModels } from './commerce-action-models';

function analyticsFields(): FieldDef[] {
  const floats = [
    'estimatedTimeSaved',
    'estimatedCostSavings',
    'avgResponseTime',
    'totalTokens',
    'promptTokens',
    'completionTokens',
    'cacheTokens',
    'actualCost',
    'promptCost',
    'completionCost',
    'cacheCost',
    'costPerCustomer',
    'costPerInteraction',
    'avgMessagesPerConversation',
    'automationRate',
    'conversationCompletionRate',
    'customerGrowth',
    'interactionGrowth',
    'assistedRevenue',
  ];
  const ints = [
    'customersHelped',
    'totalInteractions',
    'customerInteractions',
    'assistantResponses',
    'returningCustomers',
    'newCustomers',
    'assistedOrders',
  ];
  const strings = ['timeWindow', 'assistantName', 'analyticsType', 'aggregationType', 'channel'];
  const json = ['modelBreakdown', 'channelBreakdown', 'peakHours', 'growthTrend', 'pricingSnapshot'];
  return [
    ...strings.map((n) => ro(n, 'String')),
    ...['periodStart', 'periodEnd', 'lastRefreshed'].map((n) => ro(n, 'AWSDateTime')),
    ...ints.map((n) => ro(n, 'Int')),
    ...floats.map((n) => ro(n, 'Float')),
    ...json.map((n) => ro(n, 'AWSJSON')),
    ro('assistantId', 'ID'),
  ];
}

/**
 * Customer-value analytics: computed by the server, read-only through the data API, live; then the
 * commerce action log the dashboard's "From chat" counts are made of.
 */
export const analyticsModels: ModelDef[] = [
  {
    name: 'CustomerValueAnalytics',
    plural: 'CustomerValueAnalytics',
    table: customerValueAnalytics,
    owned: true,
    fields: analyticsFields(),
    create: 'none',
    update: 'none',
    delete: 'none',
    // The dashboard follows a refresh live: each row it wrote or changed (none when nothing changed).
    subscriptions: ['create', 'update'],
  },
  ...commerceActionModels,
];
