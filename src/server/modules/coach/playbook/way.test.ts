import { describe, expect, it } from 'vitest';
import { profileWay, wayOf } from './way.js';

const profile = (industry: string, product: string, biggestStruggle = '') => ({ industry, product, biggestStruggle });

describe('the way the rep sells', () => {
  it('is read from what the profile says they sell', () => {
    expect(profileWay(profile('Car dealership', 'new and used Toyotas'))).toBe('car_lot');
    expect(profileWay(profile('Insurance', 'Final expense whole life, by phone'))).toBe('phone_b2c');
    expect(profileWay(profile('Pest control', 'quarterly pest control plan, door to door'))).toBe('door_to_door');
    expect(profileWay(profile('Solar', 'Solar panels, door to door'))).toBe('door_to_door');
    expect(profileWay(profile('Home improvement', 'Replacement windows, in-home appointments'))).toBe('in_home');
    // "patio doors" is a product, not knocking on doors.
    expect(profileWay(profile('home improvement', 'replacement windows and patio doors'))).toBe('in_home');
    expect(profileWay(profile('Medical devices', 'Spine implants for surgeons'))).toBe('clinical');
    expect(profileWay(profile('Staffing', 'Light industrial staffing agency'))).toBe('agency');
    expect(profileWay(profile('Real estate', 'Listing homes for sellers'))).toBe('listing');
    expect(profileWay(profile('Fitness', 'Gym memberships'))).toBe('membership');
    expect(profileWay(profile('Retail', 'Mattresses'))).toBe('retail_floor');
    expect(profileWay(profile('Enterprise software', 'Data security platform, procurement-heavy deals'))).toBe('enterprise');
    expect(profileWay(profile('B2B SaaS', 'Scheduling software for mid-market teams'))).toBe('smb_b2b');
    expect(profileWay(profile('Tech', 'SDR booking meetings by cold calling'))).toBe('sdr');
  });

  it('keeps the profile\'s way over one word in passing, and follows a rep who says otherwise', () => {
    const saas = profile('B2B SaaS', 'Scheduling software');
    expect(wayOf('the owner said he shops at the store down the road', 'smb_b2b', saas)).toBe('smb_b2b');
    expect(wayOf('actually i sell cars now, at a dealership', 'smb_b2b', saas)).toBe('car_lot');
    // A gym rep's story names "the desk" twice: still a gym.
    const gym = profile('fitness', 'gym memberships and personal training packages');
    expect(wayOf("loved the place. then at the desk goes 'ill come back w my fiance'. how do i stop losing ppl at the desk", undefined, gym)).toBe('membership');
  });

  it('falls back on the motion when nothing names a way', () => {
    expect(wayOf('they never call back', undefined, profile('', ''), 'door_to_door')).toBe('door_to_door');
    expect(wayOf('they never call back', undefined, profile('', ''))).toBeUndefined();
  });
});
