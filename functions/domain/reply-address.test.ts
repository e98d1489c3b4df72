import { randomBytes } from 'node:crypto';
import { randomId } from './signed-tokens';
import {
  mintReplyToken,
  replyAddress,
  replyAddressKey,
  replyTokenClientId,
  replyTokenOf,
  verifyReplyToken,
} from './reply-address';

const key = replyAddressKey(randomBytes(32));
const agentId = randomId();
const clientId = randomId();

describe('reply tokens', () => {
  it('verify for the agent and client they were minted for', () => {
    const token = mintReplyToken(key, agentId, clientId);
    expect(verifyReplyToken([key], token, agentId)).toBe(clientId);
  });

  it('fit a mailbox local part: lower case letters and digits, short', () => {
    const token = mintReplyToken(key, agentId, clientId);
    expect(token).toMatch(/^[a-z2-7]+$/);
    expect(replyAddress(token, 'reply.example.com').split('@')[0]!.length).toBeLessThanOrEqual(42);
  });

  it('survive a mail system that changes the case of the address', () => {
    const token = mintReplyToken(key, agentId, clientId);
    expect(verifyReplyToken([key], token.toUpperCase(), agentId)).toBe(clientId);
  });

  it('carry the client id only, which is random: no name, address or number', () => {
    const token = mintReplyToken(key, agentId, clientId);
    expect(replyTokenClientId(token)).toBe(clientId);
  });

  it('do not verify for another agent', () => {
    const token = mintReplyToken(key, agentId, clientId);
    expect(verifyReplyToken([key], token, randomId())).toBeNull();
  });

  it('do not verify when signed with another key (forged)', () => {
    const forged = mintReplyToken(replyAddressKey(randomBytes(32)), agentId, clientId);
    expect(verifyReplyToken([key], forged, agentId)).toBeNull();
  });

  it('do not verify when one character changed (altered)', () => {
    const token = mintReplyToken(key, agentId, clientId);
    for (const at of [1, 8, token.length - 2]) {
      const altered = token.slice(0, at) + (token[at] === 'a' ? 'b' : 'a') + token.slice(at + 1);
      expect(verifyReplyToken([key], altered, agentId)).toBeNull();
    }
  });

  it('do not verify when pointed at another client with the same signature', () => {
    const token = mintReplyToken(key, agentId, clientId);
    const other = mintReplyToken(key, agentId, randomId());
    const spliced = token.slice(0, 14) + other.slice(14);
    expect(verifyReplyToken([key], spliced, agentId)).toBeNull();
  });

  it('verify with a replaced key kept beside the new one', () => {
    const old = replyAddressKey(randomBytes(32));
    const token = mintReplyToken(old, agentId, clientId);
    expect(verifyReplyToken([key, old], token, agentId)).toBe(clientId);
    expect(verifyReplyToken([key], token, agentId)).toBeNull();
  });

  it('work for a client id that is not one of our random ids', () => {
    const token = mintReplyToken(key, agentId, 'client-1');
    expect(verifyReplyToken([key], token, agentId)).toBe('client-1');
  });

  it('refuse what is not a token', () => {
    for (const junk of ['', 'a', 'abc', 'z'.repeat(40), 'a1111111111111111', `a${'a'.repeat(60)}`])
      expect(verifyReplyToken([key], junk, agentId)).toBeNull();
  });
});

describe('reply addresses', () => {
  it('are r-<token>@<domain>, and the token is read back from any case', () => {
    const token = mintReplyToken(key, agentId, clientId);
    const address = replyAddress(token, 'Reply.Example.com');
    expect(address).toBe(`r-${token}@reply.example.com`);
    expect(replyTokenOf(address.toUpperCase(), 'reply.example.com')).toBe(token);
  });

  it('are ours only at the inbound domain and with the r- prefix', () => {
    const token = mintReplyToken(key, agentId, clientId);
    expect(replyTokenOf(`r-${token}@elsewhere.example.com`, 'reply.example.com')).toBeNull();
    expect(replyTokenOf(`${token}@reply.example.com`, 'reply.example.com')).toBeNull();
    expect(replyTokenOf('postmaster@reply.example.com', 'reply.example.com')).toBeNull();
  });
});
