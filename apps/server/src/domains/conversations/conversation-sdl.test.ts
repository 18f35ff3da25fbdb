import { makeExecutableSchema } from '@graphql-tools/schema';
import type { GraphQLInputObjectType, GraphQLObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { buildSdl } from '../../graphql/build-sdl';
import { conversationSdl } from './conversation-sdl';

// Built as graphql-routes.ts builds it: the registry's SDL merged with the conversation layer's.
const schema = makeExecutableSchema({ typeDefs: [buildSdl(), conversationSdl] });
const fieldTypes = (name: string) =>
  Object.fromEntries(
    Object.values((schema.getType(name) as GraphQLObjectType | GraphQLInputObjectType).getFields()).map((f) => [f.name, String(f.type)]),
  );

describe('conversation schema (spec §7, in the Amplify AI kit shapes)', () => {
  it('types message content as blocks, with the same blocks for input', () => {
    expect(fieldTypes('ConversationMessage').content).toBe('[ContentBlock]');
    const block = {
      text: 'String',
      image: 'ImageBlock',
      document: 'DocumentBlock',
      toolUse: 'ToolUseBlock',
      toolResult: 'ToolResultBlock',
      json: 'AWSJSON',
    };
    expect(fieldTypes('ContentBlock')).toEqual(block);
    expect(fieldTypes('ContentBlockInput')).toEqual(
      Object.fromEntries(Object.entries(block).map(([k, v]) => [k, v === 'String' || v === 'AWSJSON' ? v : `${v}Input`])),
    );
    expect(fieldTypes('ImageBlock')).toEqual({ format: 'String!', source: 'ImageBlockSource!' });
    expect(fieldTypes('ToolUseBlock')).toEqual({ toolUseId: 'String!', name: 'String!', input: 'AWSJSON!' });
    expect(fieldTypes('ToolResultBlock')).toEqual({ toolUseId: 'String!', status: 'String', content: '[ToolResultContent!]!' });
    expect(fieldTypes('ToolResultContent')).toEqual({ text: 'String', json: 'AWSJSON', image: 'ImageBlock' });
  });

  it('takes typed tools and streams typed tool uses', () => {
    const sendMessage = schema.getMutationType()?.getFields().sendMessage;
    expect(sendMessage?.args.map((a) => `${a.name}: ${a.type}`)).toEqual([
      'conversationId: ID!',
      'content: [ContentBlockInput!]!',
      'aiContext: AWSJSON',
      'toolConfiguration: ToolConfigurationInput',
    ]);
    expect(String(sendMessage?.type)).toBe('ConversationMessage');
    expect(fieldTypes('ToolConfigurationInput')).toEqual({ tools: '[ToolInput!]!' });
    expect(fieldTypes('ToolSpecificationInput')).toEqual({ name: 'String!', description: 'String', inputSchema: 'ToolInputSchemaInput!' });
    expect(fieldTypes('ToolInputSchemaInput')).toEqual({ json: 'AWSJSON!' });
    expect(fieldTypes('ConversationStreamEvent').contentBlockToolUse).toBe('ToolUseBlock');
    expect(String(schema.getSubscriptionType()?.getFields().onConversationStreamEvent?.type)).toBe('ConversationStreamEvent');
  });
});
