import { describe, expect, it } from 'vitest';
import { adminsAfter, COMPANY_ACTIONS, ROLE_ACTIONS, roleMay, roleRefusal, rolesAllowing } from './roles';

describe('company roles', () => {
  it('gives the administrator every action', () => {
    expect([...ROLE_ACTIONS.admin].sort()).toEqual([...COMPANY_ACTIONS].sort());
  });

  it('keeps the accountant from ordering, approving and managing the team', () => {
    for (const action of ['orders.place', 'orders.approve', 'team.manage', 'audit.view', 'proposals.manage', 'shipments.request', 'claims.file'] as const) {
      expect(roleMay('accountant', action)).toBe(false);
    }
    expect(roleMay('accountant', 'documents.view')).toBe(true);
    expect(roleMay('accountant', 'orders.view')).toBe(true);
  });

  it('lets the purchaser order but not approve or manage the team', () => {
    expect(roleMay('buyer', 'orders.place')).toBe(true);
    expect(roleMay('buyer', 'claims.file')).toBe(true);
    expect(roleMay('buyer', 'orders.approve')).toBe(false);
    expect(roleMay('buyer', 'team.manage')).toBe(false);
  });

  it('says in Russian what the role cannot do', () => {
    expect(roleRefusal('accountant', 'orders.place', 'ООО «СпецСнаб»')).toBe(
      'Роль «Бухгалтер» в компании ООО «СпецСнаб» не позволяет оформлять заказы. Обратитесь к администратору компании.',
    );
  });
});

describe('who may act and the last administrator', () => {
  it('lists the roles allowing an action', () => {
    expect(rolesAllowing('orders.place')).toEqual(['admin', 'buyer']);
    expect(rolesAllowing('team.manage')).toEqual(['admin']);
    expect(rolesAllowing('documents.view')).toEqual(['admin', 'buyer', 'accountant']);
  });

  it('counts the administrators a change would leave', () => {
    const team = [
      { userId: 1, role: 'admin' as const, blocked: false },
      { userId: 2, role: 'buyer' as const, blocked: false },
      { userId: 3, role: 'admin' as const, blocked: true },
    ];
    expect(adminsAfter(team, { userId: 1, role: 'buyer' })).toBe(0);
    expect(adminsAfter(team, { userId: 1, blocked: true })).toBe(0);
    expect(adminsAfter(team, { userId: 3, blocked: false })).toBe(2);
    expect(adminsAfter(team, { userId: 2, role: 'admin' })).toBe(2);
  });
});
