import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { contract, type BodyOf, type Employee, type QueryOf } from '@tripline/core';
import { ApiError, buildUrl, callApi } from '../../lib/api.ts';

export type EmployeeFilter = QueryOf<typeof contract.employees>;

export const employeesKey = ['employees'] as const;

/** The employee list (a partner's own company at once; staff by their filters). */
export function useEmployees(filter: EmployeeFilter, enabled = true) {
  return useQuery({
    queryKey: [...employeesKey, 'list', filter],
    queryFn: ({ signal }) => callApi(contract.employees, { query: filter, signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** One employee, fresh from the server (the edit modal reads it when it opens). */
export function useEmployee(id: string | null) {
  return useQuery({
    queryKey: [...employeesKey, 'one', id],
    queryFn: async ({ signal }) => (await callApi(contract.employees, { query: { id: id! }, signal, quiet: [404] }))[0] ?? null,
    enabled: id !== null,
  });
}

export function useSaveEmployee() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof contract.employeeSave>) => callApi(contract.employeeSave, { body, quiet: [400, 403, 404, 409] }),
    onSuccess: (saved) => client.setQueryData([...employeesKey, 'one', saved.id], saved),
    onSettled: () => client.invalidateQueries({ queryKey: [...employeesKey, 'list'] }),
  });
}

export function useDeleteEmployee() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (e: Pick<Employee, 'id' | 'modCount'>) => callApi(contract.employeeDelete, { query: { id: e.id, modCount: e.modCount }, quiet: [403, 404, 409] }),
    onSettled: () => client.invalidateQueries({ queryKey: employeesKey }),
  });
}

/** Uploads a photo (image, at most 5 MB); the caller words a failure. */
export function uploadEmployeePhoto(employeeId: string, file: File) {
  const form = new FormData();
  form.append('file', file);
  return callApi(contract.employeePhotoUpload, { query: { employeeId }, body: form, quiet: true });
}

/** Where the browser reads an employee's photo; `version` makes a replaced photo load again. */
export function employeePhotoUrl(employeeId: string, version: string): string {
  return `${buildUrl(contract.employeePhoto.path, { employeeId })}&v=${encodeURIComponent(version)}`;
}

/** Where the CSV of the list with these filters downloads from. */
export function employeesCsvUrl(filter: Omit<EmployeeFilter, 'id'>): string {
  return buildUrl(contract.employeesCsv.path, filter);
}

const shiftsKey = (employeeId: string) => [...employeesKey, 'shifts', employeeId] as const;

export function useShiftOverrides(employeeId: string) {
  return useQuery({
    queryKey: shiftsKey(employeeId),
    queryFn: ({ signal }) => callApi(contract.shiftOverrides, { query: { employeeId }, signal }),
  });
}

export function useSaveShiftOverride(employeeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof contract.shiftOverrideSave>) => callApi(contract.shiftOverrideSave, { body, quiet: [400, 403, 404] }),
    onSettled: () => client.invalidateQueries({ queryKey: shiftsKey(employeeId) }),
  });
}

export function useDeleteShiftOverride(employeeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(contract.shiftOverrideDelete, { query: { id }, quiet: [403, 404] }),
    onSettled: () => client.invalidateQueries({ queryKey: shiftsKey(employeeId) }),
  });
}

const payKey = (employeeId: string) => [...employeesKey, 'pay', employeeId] as const;

export function usePayHistory(employeeId: string) {
  return useQuery({
    queryKey: payKey(employeeId),
    queryFn: ({ signal }) => callApi(contract.payHistory, { query: { id: employeeId }, signal }),
  });
}

export function useSavePayHistory(employeeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof contract.payHistorySave>) => callApi(contract.payHistorySave, { body, quiet: [400, 403, 404] }),
    onSettled: () => client.invalidateQueries({ queryKey: payKey(employeeId) }),
  });
}

/** Partner companies for the staff filter and the employee's company field. */
export function usePartnerOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['affiliate-options'],
    queryFn: ({ signal }) => callApi(contract.affiliateOptions, { query: {}, signal, quiet: true }),
    enabled,
    staleTime: 5 * 60_000,
  });
}

export function uploadEmployeeImport(file: File, providerId: string | undefined) {
  const form = new FormData();
  form.append('file', file);
  return callApi(contract.employeeImportUpload, { query: { providerId }, body: form, quiet: true });
}

export function useApproveEmployeeImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (importId: string) => callApi(contract.employeeImportApprove, { body: { importId }, quiet: [400, 404] }),
    onSettled: () => client.invalidateQueries({ queryKey: employeesKey }),
  });
}

/** 'Show contact': the contact behind an employee (its id; an employee number is ambiguous across companies), or null when there is none. */
export async function contactOfEmployee(employeeId: string) {
  try {
    return (await callApi(contract.contactsMinimal, { query: { employeeId }, quiet: [404] }))[0] ?? null;
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return null;
    throw e;
  }
}
