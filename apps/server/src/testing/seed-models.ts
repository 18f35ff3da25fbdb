import { randomBytes } from 'node:crypto';
import { getModel } from '../data-api/model-registry';
import { type Item, insertItemAsSystem } from '../data-api/model-store';
import type { TestApp } from './test-app';

let seededPeriods = 0;

/**
 * One row of every model for one owner (plus the public template rows they hang off), written
 * through the domain layer as jobs and REST handlers will. Returns the API items by model name.
 */
export async function seedAllModels(t: TestApp, ownerEmail: string): Promise<Record<string, Item>> {
  const ctx = { db: t.services.db, events: t.services.events };
  const put = (model: string, values: Item) => insertItemAsSystem(ctx, getModel(model), values);
  const owned = (model: string, values: Item) => put(model, { ownerEmail, ...values });

  const rows: Record<string, Item> = {};
  rows.Announcement = await put('Announcement', { ownerEmail: 'staff@aisle.test', message: `Hello from ${ownerEmail}` });
  rows.Template = await put('Template', { name: `Template for ${ownerEmail}`, description: 'Orders and returns' });
  rows.TemplateFunction = await put('TemplateFunction', { name: 'track_order', templateId: rows.Template.id });
  rows.Notification = await owned('Notification', { title: 'Welcome', content: 'Your assistant is ready' });
  rows.Function = await owned('Function', { name: 'lookup_order', code: 'export default async () => 1' });
  rows.Assistant = await owned('Assistant', { assistantName: `Assistant of ${ownerEmail}`, instructions: 'Be kind' });
  rows.Store = await owned('Store', { name: 'Catalog' });
  rows.File = await owned('File', { fileName: 'faq.md', size: 120, storeId: rows.Store.id, storeFilesId: rows.Store.id });
  rows.AssistantFunction = await owned('AssistantFunction', { assistantId: rows.Assistant.id, functionId: rows.Function.id });
  rows.AssistantStore = await owned('AssistantStore', { assistantId: rows.Assistant.id, storeId: rows.Store.id });
  rows.AssistantTemplate = await owned('AssistantTemplate', { assistantId: rows.Assistant.id, templateId: rows.Template.id });
  rows.CustomUserTemplate = await owned('CustomUserTemplate', { name: 'My returns flow' });
  rows.AssistantCustomUserTemplate = await owned('AssistantCustomUserTemplate', {
    assistantId: rows.Assistant.id,
    customUserTemplateId: rows.CustomUserTemplate.id,
  });
  rows.UserTemplateFunctions = await owned('UserTemplateFunctions', {
    customUserTemplateId: rows.CustomUserTemplate.id,
    templateFunctionId: rows.TemplateFunction.id,
  });
  rows.Thread = await owned('Thread', { name: 'First chat', assistantId: rows.Assistant.id });
  rows.Message = await owned('Message', { content: 'Where is my order?', senderType: 'user', threadId: rows.Thread.id });
  rows.SharedAssistant = await owned('SharedAssistant', {
    shareToken: randomBytes(24).toString('base64url'),
    originalAssistantId: rows.Assistant.id,
    assistantName: 'Shared helper',
  });
  rows.SharedThread = await owned('SharedThread', {
    sharedAssistantId: rows.SharedAssistant.id,
    anonymousEmail: 'visitor-1@anonymous',
    origin: 'web',
  });
  rows.SharedMessage = await owned('SharedMessage', { content: 'Hi there', senderType: 'user', sharedThreadId: rows.SharedThread.id });
  rows.UnansweredQuestion = await owned('UnansweredQuestion', {
    assistantId: rows.Assistant.id,
    sharedThreadID: rows.SharedThread.id,
    question: 'Do you ship to Iceland?',
  });
  rows.Wizard = await owned('Wizard', { status: 'Retrieving pages' });
  // A period of its own each time: an owner's rows are unique per window and period.
  seededPeriods += 1;
  rows.CustomerValueAnalytics = await owned('CustomerValueAnalytics', {
    timeWindow: '7d',
    periodStart: new Date(Date.UTC(2026, 0, 1) + seededPeriods * 86_400_000),
    customersHelped: 4,
    totalInteractions: 12,
  });
  rows.CommerceAction = await owned('CommerceAction', {
    kind: 'order_status',
    ok: true,
    outcome: 'status',
    assistantId: rows.Assistant.id,
    sharedThreadId: rows.SharedThread.id,
    visitorKey: `visitor-of-${ownerEmail}`,
    orderName: '#1001',
  });
  rows.Conversation = await owned('Conversation', { name: 'Support', metadata: { topic: 'orders' } });
  rows.ConversationMessage = await owned('ConversationMessage', {
    conversationId: rows.Conversation.id,
    role: 'user',
    content: [{ text: 'Where is my order?' }],
  });
  rows.Task = await owned('Task', { type: 'function_run', result: { ok: true }, functionId: rows.Function.id });
  rows.TestCase = await owned('TestCase', {
    assistantId: rows.Assistant.id,
    question: 'How long do I have to return an order?',
    expected: '30 days',
    origin: 'store',
  });
  rows.TestRun = await owned('TestRun', { assistantId: rows.Assistant.id, status: 'done', total: 1, completed: 1, passed: 1 });
  rows.TestResult = await owned('TestResult', {
    runId: rows.TestRun.id,
    caseId: rows.TestCase.id,
    question: 'How long do I have to return an order?',
    expected: '30 days',
    answer: 'Within 30 days of delivery.',
    verdict: 'fact_present',
    passed: true,
  });
  return rows;
}
