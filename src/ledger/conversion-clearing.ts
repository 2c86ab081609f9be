/**
 * The legacy key of Ledgerlift's own conversion clearing account (Other Income, created in every
 * run's accounts step; docs/accounting.md). It is the one account a record may name that no chart of
 * accounts holds: conversion documents post to it, and a legacy transaction the API cannot take as
 * one is migrated as parts that each balance through it (mappings/shared/through-clearing.ts).
 */
export const CONVERSION_CLEARING_KEY = '@clearing';
