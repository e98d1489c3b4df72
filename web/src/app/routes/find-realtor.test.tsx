import type { PublicAgent, PublicAgentSearch } from '@shared/api-types';
import { REGISTRATION_MESSAGES } from '@shared/client-registration';
import { callsTo, jsonResponse } from '@/testing/mock-api';
import { renderApp, screen, within } from '@/testing/test-utils';

const jane: PublicAgent = {
  id: 'agent-jane',
  fullName: 'Jane Finder',
  businessName: 'Blue Heron Homes',
  businessLocation: 'Portland, OR',
};
const idle: PublicAgentSearch = { agents: [], available: true, message: REGISTRATION_MESSAGES.searchTooShort };

beforeEach(() => localStorage.clear());

describe('/find-realtor', () => {
  it("shows 'Select Your Realtor' with the search placeholder", async () => {
    renderApp('/find-realtor', { api: { 'GET /api/public/agents': () => jsonResponse(200, idle) } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Select Your Realtor' })).toBeInTheDocument();
    expect(screen.getByPlaceholderText("Type realtor's email to search...")).toBeInTheDocument();
  });

  it("says 'No realtors are currently available' when there are none", async () => {
    renderApp('/find-realtor', {
      api: { 'GET /api/public/agents': () => jsonResponse(200, { ...idle, available: false }) },
    });
    expect(await screen.findByText('No realtors are currently available')).toBeInTheDocument();
    expect(screen.queryByPlaceholderText("Type realtor's email to search...")).not.toBeInTheDocument();
  });

  it('searches as the visitor types, from 3 characters, showing each realtor with business name and location', async () => {
    const { user, fetchMock } = renderApp('/find-realtor', {
      api: {
        'GET /api/public/agents': () => jsonResponse(200, idle),
        'GET /api/public/agents?q=jane': () => jsonResponse(200, { agents: [jane], available: true }),
      },
    });
    const input = await screen.findByPlaceholderText("Type realtor's email to search...");
    await user.type(input, 'ja');
    expect(await screen.findByText(REGISTRATION_MESSAGES.searchTooShort)).toBeInTheDocument();
    await user.type(input, 'ne');
    const option = await screen.findByRole('option', { name: /Jane Finder/ });
    expect(within(option).getByText('Blue Heron Homes · Portland, OR')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET /api/public/agents?q=ja')).toHaveLength(0);
  });

  it("says 'No realtor found with that email.' when nothing matches", async () => {
    const { user } = renderApp('/find-realtor', {
      api: {
        'GET /api/public/agents': () => jsonResponse(200, idle),
        'GET /api/public/agents?q=nobody%40nowhere.example': () => jsonResponse(200, { agents: [], available: true }),
      },
    });
    await user.type(await screen.findByPlaceholderText("Type realtor's email to search..."), 'nobody@nowhere.example');
    expect(await screen.findByText('No realtor found with that email.')).toBeInTheDocument();
  });

  it('remembers the chosen realtor under selectedAgent and goes on to register with them', async () => {
    const { user, router } = renderApp('/find-realtor', {
      api: {
        'GET /api/public/agents': () => jsonResponse(200, idle),
        'GET /api/public/agents?q=jane': () => jsonResponse(200, { agents: [jane], available: true }),
      },
    });
    await user.type(await screen.findByPlaceholderText("Type realtor's email to search..."), 'jane');
    await user.click(await screen.findByRole('option', { name: /Jane Finder/ }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Complete Your Profile' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/client-registration');
    expect(router.state.location.search).toBe('?agentId=agent-jane');
    expect(JSON.parse(localStorage.getItem('selectedAgent')!)).toEqual(jane);
    expect(screen.getByText('Your realtor: Jane Finder (Blue Heron Homes · Portland, OR)')).toBeInTheDocument();
  });

  it('shows why a search was refused (too many searches)', async () => {
    const { user } = renderApp('/find-realtor', {
      api: {
        'GET /api/public/agents': () => jsonResponse(200, idle),
        'GET /api/public/agents?q=jane': () =>
          jsonResponse(429, {
            message: 'Too many searches. Please wait a few minutes and try again.',
            code: 'RATE_LIMITED',
          }),
      },
    });
    await user.type(await screen.findByPlaceholderText("Type realtor's email to search..."), 'jane');
    expect(await screen.findByText('Too many searches. Please wait a few minutes and try again.')).toBeInTheDocument();
  });
});
